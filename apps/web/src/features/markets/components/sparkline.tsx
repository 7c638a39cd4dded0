import { memo, useId, useMemo } from 'react';
import { useSparkline } from '../api/get-sparklines';
import { sparklinePaths } from './sparkline-path';
import styles from './sparkline.module.css';

interface Props {
  pairId: number;
  /** The live price: it replaces the last point, the candle still forming. */
  last?: number;
  className?: string;
}

const W = 44;
const H = 28;

/** A row's small area chart (docs/product.md §2): plain SVG, no chart library on the home page. */
export const Sparkline = memo(function Sparkline({ pairId, last, className = '' }: Props) {
  const points = useSparkline(pairId);
  const gradientId = useId();
  const paths = useMemo(() => {
    if (!points) return null;
    const live = last !== undefined && points.length > 0 ? [...points.slice(0, -1), last] : points;
    return sparklinePaths(live, W, H);
  }, [points, last]);

  if (!paths) return <span className={className} aria-hidden />;
  return (
    <svg
      className={`${className} ${styles.svg} ${styles[paths.trend]}`}
      viewBox={`0 0 ${W} ${H}`}
      preserveAspectRatio="none"
      aria-hidden
      data-testid="sparkline"
      data-trend={paths.trend}
    >
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0%" stopColor="currentColor" stopOpacity="0.28" />
          <stop offset="100%" stopColor="currentColor" stopOpacity="0" />
        </linearGradient>
      </defs>
      <path d={paths.area} fill={`url(#${gradientId})`} stroke="none" />
      <path
        d={paths.line}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.4"
        vectorEffect="non-scaling-stroke"
        strokeLinejoin="round"
        strokeLinecap="round"
      />
    </svg>
  );
});
