import type { IndicatorKind } from './indicator-catalog';

/**
 * The indicators' colours, shared by the chart's lines, its legend and the sheet (without
 * the chart library, so the sheet does not load it): one per place in the trader's list —
 * yellow, violet, cyan, orange, pink, apart from the candles' green and red.
 */
export const INDICATOR_COLORS = ['#f0b90b', '#b38cff', '#2ec5d3', '#ff8a3d', '#ff6fae'] as const;

/** The second line of a two-line indicator (MACD's signal, %D): light, whatever the first. */
const SECOND_COLOR = '#d3d9e3';

/** The colour of the indicator at place `index` of the trader's list. */
export const trackColor = (index: number): string => INDICATOR_COLORS[index % INDICATOR_COLORS.length]!;

/**
 * The colour of one of an indicator's lines (indicator-calc.ts LINES): its own colour, the
 * second colour for MACD's signal and %D, green or red for MACD's histogram by its sign.
 */
export function lineColor(kind: IndicatorKind, line: number, color: string, value = 0): string {
  if (kind === 'macd' && line === 2) return value >= 0 ? 'rgba(24, 199, 135, 0.5)' : 'rgba(246, 70, 93, 0.5)';
  if ((kind === 'macd' || kind === 'stoch') && line === 1) return SECOND_COLOR;
  return color;
}
