import { CandlesIcon } from '@/components/candles-icon';
import type { ChartType } from './chart-prefs';

/*
 * The chart toolbar's icons, drawn to sit with antd-mobile-icons' outline set (1em box,
 * currentColor), like components/candles-icon.tsx: the icon set has no chart types.
 */
const svg = {
  width: '1em',
  height: '1em',
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.6,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
} as const;

function LineIcon() {
  return (
    <svg {...svg}>
      <path d="M3 17l5-6 4 3 4-7 5 5" />
    </svg>
  );
}

function AreaIcon() {
  return (
    <svg {...svg}>
      <path d="M3 20v-3l5-6 4 3 4-7 5 5v8z" fill="currentColor" fillOpacity="0.25" />
      <path d="M3 17l5-6 4 3 4-7 5 5" />
    </svg>
  );
}

/** Heikin-Ashi: filled bodies stepping up, no gaps between them (the averaged bars' look). */
function HeikinAshiIcon() {
  return (
    <svg {...svg}>
      <path d="M6 5v2M6 15v3M12 3v2M12 12v3M18 2v2M18 9v3" />
      <rect x="4" y="7" width="4" height="8" rx="1" fill="currentColor" />
      <rect x="10" y="5" width="4" height="7" rx="1" fill="currentColor" />
      <rect x="16" y="4" width="4" height="5" rx="1" fill="currentColor" />
    </svg>
  );
}

export function ChartTypeIcon({ type }: { type: ChartType }) {
  switch (type) {
    case 'line':
      return <LineIcon />;
    case 'area':
      return <AreaIcon />;
    case 'heikin_ashi':
      return <HeikinAshiIcon />;
    case 'candles':
      return <CandlesIcon />;
  }
}

/** Indicators: a price line with a smooth average through it. */
export function IndicatorsIcon() {
  return (
    <svg {...svg}>
      <path d="M3 16l4-5 4 4 4-8 6 6" strokeOpacity="0.55" />
      <path d="M3 14c4-1 6-4 9-4s5 2 9 0" />
    </svg>
  );
}
