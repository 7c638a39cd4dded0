import { PERIOD_SECONDS, type Period } from '@pipwise/shared';
import { nyClock, tradingDayStart } from '../market-hours.js';

/** The time span a candle covers: [start, end) in epoch ms. */
export interface Bucket {
  start: number;
  end: number;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Longer than any trading day (23–25 h), shorter than two: lands inside the next day. */
const NEXT_DAY_PROBE_MS = 25 * HOUR_MS;
/** Half a day: from a day's start, safely inside that day whatever its length. */
const MID_DAY_MS = 12 * HOUR_MS;

/**
 * The bucket of a period that contains an instant (docs/market-data.md "Candle periods").
 * Minute periods align to epoch minutes; New York's offset is whole hours, so 60min candles
 * also start on New York hours. The longer ones follow the New York trading day from 17:00
 * on the wall clock: a 1day candle is that day (23, 24 or 25 hours long around
 * daylight-saving changes), a 4hour candle one sixth of it (17:00, 21:00, 01:00, 05:00,
 * 09:00, 13:00 New York), a 1week candle the trading week from Sunday 17:00.
 */
export function bucketOf(period: Period, ms: number): Bucket {
  if (period === '1day') return { ...dayBucket(ms) };
  if (period === '4hour') return fourHourBucket(ms);
  if (period === '1week') return { ...weekBucket(ms) };
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

function dayBucket(ms: number): Readonly<Bucket> {
  if (ms < lastDay.start || ms >= lastDay.end) {
    const start = tradingDayStart(ms);
    lastDay = { start, end: tradingDayStart(start + NEXT_DAY_PROBE_MS) };
  }
  return lastDay;
}

/** The 4hour candles of a trading day start this many wall-clock hours after its 17:00. */
const FOUR_HOUR_STARTS = [0, 4, 8, 12, 16, 20] as const;
/** The first of them after New York's 02:00 (05:00, the fourth): where DST has moved the clock. */
const FIRST_AFTER_DST_CHANGE = 3;

/**
 * New York changes its clocks at 02:00 on a Sunday night, inside the 01:00–05:00 candle: the
 * candles before it start whole 4-hour steps after the day's 17:00, those after it are
 * shifted by what the day lost or gained. So the 01:00 candle lasts 3 hours on the
 * spring-forward night and 5 on the fall-back night (01:00 EDT to 05:00 EST, the repeated
 * hour inside), and every other one 4.
 */
function fourHourBucket(ms: number): Bucket {
  const day = dayBucket(ms);
  const shift = day.end - day.start - DAY_MS;
  const startOf = (i: number) =>
    day.start + FOUR_HOUR_STARTS[i]! * HOUR_MS + (i >= FIRST_AFTER_DST_CHANGE ? shift : 0);
  let i = FOUR_HOUR_STARTS.length - 1;
  while (i > 0 && ms < startOf(i)) i--;
  return { start: startOf(i), end: i === FOUR_HOUR_STARTS.length - 1 ? day.end : startOf(i + 1) };
}

/** The last week computed, for the same reason as the day. */
let lastWeek: Bucket = { start: 0, end: 0 };

/**
 * The trading week from Sunday 17:00 New York to the next Sunday 17:00, every day of it
 * (crypto trades at the weekend too). The week's first trading day starts on the Sunday, so
 * a day starting on weekday n (Sunday 0) is n days into the week; counting days back and
 * forth from the middle of a day lands in the right day whatever DST did to their lengths.
 */
function weekBucket(ms: number): Readonly<Bucket> {
  if (ms < lastWeek.start || ms >= lastWeek.end) {
    const day = tradingDayStart(ms);
    const daysIn = nyClock(day).weekday;
    const start = tradingDayStart(day - daysIn * DAY_MS + MID_DAY_MS);
    lastWeek = { start, end: tradingDayStart(start + 7 * DAY_MS + MID_DAY_MS) };
  }
  return lastWeek;
}
