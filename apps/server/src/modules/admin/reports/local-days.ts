import { calendarDay, dayStartOf, type ReportRange } from '@pipwise/shared';

/**
 * The calendar days of a report in the operator's time zone (docs/reports.md "Days"): the
 * instant each local day starts, right across daylight-saving changes (a day may last 23
 * or 25 hours), worked out with Intl so SQLite and PostgreSQL need no zone data.
 */
export interface LocalDays {
  /** `YYYY-MM-DD` of each day. */
  labels: string[];
  /** Epoch ms each day starts, and after the last the end: labels.length + 1 instants. */
  bounds: number[];
  /**
   * A width (ms) every day's start and end is a whole multiple of, from the first start:
   * the database groups entries by `(created_at − start) / slot` and each slot lies in one
   * day. A whole day when no clock change falls in the range, an hour (or 15 minutes) when one does.
   */
  slot: number;
}

const DAY = 86_400_000;

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** Every day of a validated range: labels, starts and the grouping slot. */
export function localDays(range: ReportRange): LocalDays {
  const first = calendarDay(range.from)!;
  const last = calendarDay(range.to)!;
  const labels: string[] = [];
  const bounds: number[] = [];
  for (let day = first; day <= last + 1; day++) {
    bounds.push(dayStartOf(day, range.tz));
    if (day <= last) labels.push(new Date(day * DAY).toISOString().slice(0, 10));
  }
  let slot = 0;
  for (let i = 1; i < bounds.length; i++) slot = gcd(bounds[i]! - bounds[0]!, slot);
  return { labels, bounds, slot };
}

/** The index of the day holding an instant of the range (bounds[0] ≤ instant < the end). */
export function dayIndexOf(days: LocalDays, instant: number): number {
  let lo = 0;
  let hi = days.labels.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (days.bounds[mid]! <= instant) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
