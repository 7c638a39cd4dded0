import { SkeletonBlock } from '@/components/skeleton-block';
import { paneCount, useChartPrefs } from '../chart/chart-prefs';
import { chartHeight, PANE_HEIGHT } from '../chart/chart-size';
import styles from './trade-skeleton.module.css';

/**
 * The trade screen's shape while its code or the pair list loads: header, period bar,
 * chart and order form where they will be, so the page does not jump when they arrive.
 */
export function TradeSkeleton() {
  return (
    <div className={styles.skeleton} aria-busy="true" data-testid="trade-skeleton">
      <div className={styles.header}>
        <SkeletonBlock width={30} height={30} radius="50%" />
        <span className={styles.title}>
          <SkeletonBlock width={96} height={20} />
          <SkeletonBlock width={120} height={11} />
        </span>
      </div>
      <SkeletonBlock className={styles.price} width={150} height={32} />
      <div className={styles.sides}>
        <SkeletonBlock height={26} />
        <SkeletonBlock height={26} />
        <SkeletonBlock height={26} />
      </div>
      <SkeletonBlock className={styles.periods} height={30} />
      <ChartSkeleton />
      <div className={styles.form}>
        <div className={styles.twin}>
          <SkeletonBlock height={58} radius={12} />
          <SkeletonBlock height={58} radius={12} />
        </div>
        <SkeletonBlock height={36} />
        <SkeletonBlock height={44} />
        <SkeletonBlock height={44} />
        <SkeletonBlock height={52} radius={12} />
      </div>
    </div>
  );
}

/**
 * A faint grid of candles where the chart will be drawn, with the trader's stored oscillator
 * panes under it (chart/chart-prefs.ts), so the chart does not grow when they are drawn.
 */
export function ChartSkeleton({ overlay = false }: { overlay?: boolean }) {
  const [prefs] = useChartPrefs();
  const panes = paneCount(prefs.indicators);
  return (
    <div
      className={`${styles.chart} ${overlay ? styles.overlay : ''}`}
      // Over the chart its frame has the height already; in its place, the same (chart-size.ts).
      style={overlay ? undefined : { blockSize: chartHeight(panes) }}
      aria-hidden
      data-testid="chart-skeleton"
      data-panes={panes}
    >
      <div className={styles.prices}>
        {CANDLES.map(([top, height], i) => (
          <span
            key={i}
            className={styles.candle}
            style={{ left: `${4 + i * 4}%`, top: `${top}%`, height: `${height}%` }}
          />
        ))}
      </div>
      {Array.from({ length: panes }, (_, i) => (
        <div
          key={i}
          className={styles.pane}
          style={{ blockSize: PANE_HEIGHT }}
          data-testid="chart-skeleton-pane"
        >
          <span className={styles.paneLine} />
        </div>
      ))}
      <div className={styles.timeAxis} />
    </div>
  );
}

/** [top %, height %] of each ghost candle: a made-up, calm walk. */
const CANDLES: readonly [number, number][] = [
  [52, 14],
  [48, 12],
  [44, 16],
  [46, 10],
  [40, 14],
  [36, 18],
  [42, 12],
  [38, 10],
  [32, 16],
  [34, 12],
  [28, 14],
  [30, 10],
  [36, 16],
  [40, 12],
  [34, 10],
  [30, 14],
  [26, 12],
  [22, 16],
  [26, 10],
  [30, 12],
  [24, 14],
  [20, 12],
  [24, 10],
  [28, 16],
];
