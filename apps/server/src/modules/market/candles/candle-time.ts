import { PERIOD_SECONDS, type Period } from '@pipwise/shared';
import { tradingDayStart } from '../market-hours.js';

/** The time span a candle covers: [start, end) in epoch ms. */
export interface Bucket {
  start: number;
  end: number;
}

/** Longer than any trading day (23–25 h), shorter than two: lands inside the next day. */
const NEXT_DAY_PROBE_MS = 25 * 3_600_000;

/**
 * The bucket of a period that contains an instant. Minute periods align to epoch
 * minutes; New York's offset is whole hours, so 60min candles also start on New York
 * hours. A 1day candle is the trading day from 17:00 New York, 23, 24 or 25 hours long
 * around daylight-saving changes.
 */
export function bucketOf(period: Period, ms: number): Bucket {
  if (period === '1day') return dayBucket(ms);
  const size = PERIOD_SECONDS[period] * 1000;
  const start = Math.floor(ms / size) * size;
  return { start, end: start + size };
}

/** The start (epoch ms) of the candle of `period` that contains `ms`. */
export function bucketStart(period: Period, ms: number): number {
  return bucketOf(period, ms).start;
}

/** The last day computed: every instrument asks for the same day, and time zones are slow. */
let lastDay: Bucket = { start: 0, end: 0 };

function dayBucket(ms: number): Bucket {
  if (ms < lastDay.start || ms >= lastDay.end) {
    const start = tradingDayStart(ms);
    lastDay = { start, end: tradingDayStart(start + NEXT_DAY_PROBE_MS) };
  }
  return { ...lastDay };
}
