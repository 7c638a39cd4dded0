import { PERIODS, type Period, type Points } from '@pipwise/shared';
import { bucketOf } from '../candles/candle-time.js';

/** A candle in integer points (as `ImportedCandle`); `time` is its start, `volume` its updates. */
export interface ImportedCandle {
  time: number;
  open: Points;
  high: Points;
  low: Points;
  close: Points;
  volume: number;
}

interface Series {
  candles: ImportedCandle[];
  /** End of the last candle's bucket. */
  end: number;
}

/**
 * Folds time-ordered bid prices into candles of every period, in the buckets the live
 * `CandleBuilder` uses (`bucketOf`: epoch-aligned minutes and hours; 4hour, 1day and 1week
 * on New York's clock from 17:00, docs/market-data.md "Candle periods"). A tick is one update, as live; a 1-minute bar is one update carrying its own
 * open, high, low and close. `volume` counts updates: ticks for tick files, bars for bar
 * files (neither format gives a tick count per bar). Buckets without prices get no candle.
 */
export class CandleAggregator {
  private readonly series = new Map<Period, Series>();

  constructor(readonly periods: readonly Period[] = PERIODS) {
    for (const period of periods) this.series.set(period, { candles: [], end: -Infinity });
  }

  /** A tick's bid at `time`. */
  addTick(time: number, bid: Points): void {
    this.add(time, bid, bid, bid, bid);
  }

  /** A bar starting at `time` (callers add in time order). */
  add(time: number, open: Points, high: Points, low: Points, close: Points): void {
    for (const [period, s] of this.series) {
      const last = s.candles.at(-1);
      if (last && time < s.end) {
        if (high > last.high) last.high = high;
        if (low < last.low) last.low = low;
        last.close = close;
        last.volume += 1;
        continue;
      }
      const bucket = bucketOf(period, time);
      s.candles.push({ time: bucket.start, open, high, low, close, volume: 1 });
      s.end = bucket.end;
    }
  }

  /** The candles of a period, oldest first. */
  candles(period: Period): readonly ImportedCandle[] {
    return this.series.get(period)?.candles ?? [];
  }

  /** How many candles in all. */
  get count(): number {
    let n = 0;
    for (const s of this.series.values()) n += s.candles.length;
    return n;
  }
}
