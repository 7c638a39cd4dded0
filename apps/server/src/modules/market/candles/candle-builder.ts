import type { Period, Points } from '@pipwise/shared';
import { bucketOf } from './candle-time.js';

/** A candle in integer points; `time` is its start in epoch ms, `volume` its tick count. */
export interface CandlePoints {
  time: number;
  open: Points;
  high: Points;
  low: Points;
  close: Points;
  volume: number;
}

/**
 * The forming candle of one instrument and period. Bid ticks update it; a tick in a later
 * bucket closes it and opens the next. Buckets without ticks (closed market) simply have
 * no candle, as charting libraries expect.
 */
export class CandleBuilder {
  private forming: CandlePoints | undefined;
  /** End of the forming candle's bucket, kept so most ticks need no calendar work. */
  private end = 0;

  /** @param restored the last stored candle, so a restart continues it. */
  constructor(
    readonly period: Period,
    restored?: CandlePoints,
  ) {
    if (restored) {
      this.forming = { ...restored };
      this.end = bucketOf(period, restored.time).end;
    }
  }

  /** The forming candle (live: it changes with the next tick). */
  get current(): Readonly<CandlePoints> | undefined {
    return this.forming;
  }

  /** Applies a bid at `time`; returns the candle it closed, if it opened a new one. */
  apply(bid: Points, time: number): CandlePoints | undefined {
    const f = this.forming;
    // A tick older than the forming candle (a clock stepping back) still counts there:
    // reopening a closed candle would rewrite history that was already published.
    if (f && time < this.end) {
      if (bid > f.high) f.high = bid;
      if (bid < f.low) f.low = bid;
      f.close = bid;
      f.volume += 1;
      return undefined;
    }
    const bucket = bucketOf(this.period, time);
    this.forming = { time: bucket.start, open: bid, high: bid, low: bid, close: bid, volume: 1 };
    this.end = bucket.end;
    return f;
  }
}
