import {
  ATR,
  BollingerBands,
  EMA,
  MACD,
  RSI,
  SMA,
  StochasticOscillator,
  type HighLowClose,
} from 'trading-signals';
import { paramOf, type IndicatorChoice, type IndicatorKind } from './indicator-catalog';

/**
 * The chart's indicators, computed by `trading-signals` (docs/chart.md "Indicators"). The
 * library keeps each indicator's running state, so a candle costs one step, never a pass
 * over the history: `update(candle, false)` adds a candle, `update(candle, true)` replaces
 * the last one (the forming candle moved) — the library's own replace mode.
 */

/** A candle as the indicators read it. */
export type Bar = HighLowClose & { open: number };

/**
 * The lines an indicator draws, in the order `values` returns them: one for an average,
 * upper/middle/lower for the bands, MACD/signal/histogram, %K/%D.
 */
export const LINES: Readonly<Record<IndicatorKind, readonly string[]>> = {
  sma: ['value'],
  ema: ['value'],
  bb: ['upper', 'middle', 'lower'],
  rsi: ['value'],
  macd: ['macd', 'signal', 'histogram'],
  atr: ['value'],
  stoch: ['k', 'd'],
};

export interface IndicatorCalc {
  /**
   * Feeds one candle (`replace`: the same candle again, moved) and returns the values of
   * its lines at it, or null while the indicator has too few candles to be stable.
   */
  update(bar: Bar, replace: boolean): number[] | null;
}

/** A library indicator whose stable result is read after each update. */
interface Streaming<Result, Input> {
  update(input: Input, replace: boolean): unknown;
  getResult(): Result | null;
}

function calc<Result, Input>(
  indicator: Streaming<Result, Input>,
  input: (bar: Bar) => Input,
  lines: (result: Result) => number[],
): IndicatorCalc {
  return {
    update(bar, replace) {
      indicator.update(input(bar), replace);
      // getResult, not update's return: EMA returns a number before it is stable.
      const result = indicator.getResult();
      return result === null ? null : lines(result);
    },
  };
}

const close = (bar: Bar) => bar.close;
const hlc = (bar: Bar): HighLowClose => ({ high: bar.high, low: bar.low, close: bar.close });
const one = (value: number) => [value];

/** A fresh calculator for the trader's choice, its parameters as chosen. */
export function createCalc(choice: IndicatorChoice): IndicatorCalc {
  const p = (name: Parameters<typeof paramOf>[1]) => paramOf(choice, name);
  switch (choice.kind) {
    case 'sma':
      return calc(new SMA(p('period')), close, one);
    case 'ema':
      return calc(new EMA(p('period')), close, one);
    case 'bb':
      return calc(new BollingerBands(p('period'), p('deviation')), close, (r) => [
        r.upper,
        r.middle,
        r.lower,
      ]);
    case 'rsi':
      return calc(new RSI(p('period')), close, one);
    case 'macd':
      return calc(new MACD(new EMA(p('fast')), new EMA(p('slow')), new EMA(p('signal'))), close, (r) => [
        r.macd,
        r.signal,
        r.histogram,
      ]);
    case 'atr':
      return calc(new ATR(p('period')), hlc, one);
    case 'stoch':
      return calc(
        new StochasticOscillator({ kPeriod: p('k'), dPeriod: p('d'), kSlowingPeriod: p('smoothing') }),
        hlc,
        (r) => [r.stochK, r.stochD],
      );
  }
}
