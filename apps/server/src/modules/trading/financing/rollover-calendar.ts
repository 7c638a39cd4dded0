import { MARKET_TIMEZONE } from '@pipwise/shared';
import { nyClock, tradingDayStart } from '../../market/index.js';

/** One daily rollover: the 17:00 New York that ends a trading day (docs/money.md). */
export interface Rollover {
  /** The New York date of that 17:00, YYYY-MM-DD: the trading day it ends. */
  tradingDay: string;
  /** Its instant, epoch ms. */
  at: number;
  /** Its New York weekday, 0 Sunday … 6 Saturday (swapNights reads it). */
  weekday: number;
}

/** How far back an engine that was down catches up; older rollovers are not charged. */
export const CATCH_UP_DAYS = 7;

const nyDate = new Intl.DateTimeFormat('en-CA', { timeZone: MARKET_TIMEZONE });

/** The rollover at `at` (an instant of 17:00 New York). */
function rolloverAt(at: number): Rollover {
  return { tradingDay: nyDate.format(at), at, weekday: nyClock(at).weekday };
}

/** The latest rollover at or before `now`. */
export function latestRollover(now: number): Rollover {
  return rolloverAt(tradingDayStart(now));
}

/**
 * The rollovers still owed at `now`, oldest first: those after `lastDone` (the last one run
 * to its end; null on the first run ever, which owes only the latest) up to the latest, at
 * most CATCH_UP_DAYS of them. Weekends are listed too: swapNights charges none there for
 * markets that do not trade, and crypto's own night.
 */
export function owedRollovers(now: number, lastDone: number | null): Rollover[] {
  const latest = latestRollover(now);
  if (lastDone === null) return [latest];
  const owed: Rollover[] = [];
  for (
    let r = latest;
    r.at > lastDone && owed.length < CATCH_UP_DAYS;
    r = rolloverAt(tradingDayStart(r.at - 1))
  )
    owed.push(r);
  return owed.reverse();
}
