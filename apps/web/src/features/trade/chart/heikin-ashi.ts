/**
 * Heikin-Ashi ("average bar") candles, drawn from the market's candles (docs/chart.md):
 * - close: the average of the candle's open, high, low and close;
 * - open: the middle of the previous Heikin-Ashi bar's open and close (for the first bar,
 *   the middle of the candle's own open and close);
 * - high and low: the candle's, widened to take in that open and close.
 * A bar depends on the bar before it only, so the forming candle's bar is recomputed from
 * the previous one on every push, and a new candle adds one bar: no pass over the history.
 */

export interface Ohlc {
  open: number;
  high: number;
  low: number;
  close: number;
}

/** The Heikin-Ashi bar of `candle`, given the Heikin-Ashi bar before it (null: the first). */
export function heikinAshiBar(candle: Ohlc, previous: Ohlc | null): Ohlc {
  const close = (candle.open + candle.high + candle.low + candle.close) / 4;
  const open = previous ? (previous.open + previous.close) / 2 : (candle.open + candle.close) / 2;
  return {
    open,
    high: Math.max(candle.high, open, close),
    low: Math.min(candle.low, open, close),
    close,
  };
}

/** The Heikin-Ashi bars of a series of candles, oldest first. */
export function heikinAshi(candles: readonly Ohlc[]): Ohlc[] {
  const bars: Ohlc[] = [];
  for (const candle of candles) bars.push(heikinAshiBar(candle, bars[bars.length - 1] ?? null));
  return bars;
}
