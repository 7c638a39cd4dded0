import {
  calendarDay,
  isZoneId,
  STATEMENT_DATES,
  STATEMENT_DOWNLOAD_PATH,
  STATEMENT_MAX_DAYS,
  type Lang,
  type StatementFormat,
} from '@pipwise/shared';

/**
 * What the statement sheet turns into a download (docs/statements.md "Periods" and "In the
 * app"): the trader's choice of period, read in their own time zone, as the query the server
 * takes, checked before anything is sent, and the name the file is saved under.
 */

export type PeriodChoice =
  | { kind: 'this_month' }
  | { kind: 'last_month' }
  | { kind: 'month'; month: string | null }
  | { kind: 'range'; from: string | null; to: string | null };

export type PeriodKind = PeriodChoice['kind'];

export type StatementPeriod = { month: string } | { from: string; to: string };

/** Why a choice cannot be sent: the `errors.*` key the server would answer, with its vars. */
export interface PeriodProblem {
  key:
    'errors.statement_period_required' | 'errors.statement_range_order' | 'errors.statement_range_too_long';
  vars?: Record<string, number>;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The calendar day `ms` falls on in `zone`, as `YYYY-MM-DD` (Latin digits whatever the locale). */
export function localDay(ms: number, zone: string): string {
  const parts = new Intl.DateTimeFormat('en-US-u-nu-latn', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(ms);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** The month `ms` falls in, in `zone` (`YYYY-MM`): "this month" is the trader's, not the server's. */
export function localMonth(ms: number, zone: string): string {
  return localDay(ms, zone).slice(0, 7);
}

/** The month before `month` (`YYYY-MM`). */
export function previousMonth(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return m === 1 ? `${year - 1}-12` : `${year}-${pad(m - 1)}`;
}

/** A picker's date (the browser's local calendar day) as `YYYY-MM-DD`, or `YYYY-MM`. */
export function pickedDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
export const pickedMonth = (date: Date): string => pickedDay(date).slice(0, 7);

/** Days from `from` to `to`, both counted (1 for the same day); null for a non-date. */
export function rangeDays(from: string, to: string): number | null {
  const a = calendarDay(from, STATEMENT_DATES);
  const b = calendarDay(to, STATEMENT_DATES);
  return a === null || b === null ? null : b - a + 1;
}

/**
 * Checks a choice the way the server will (packages/shared/src/api/statements.ts), so the
 * trader hears at once what is wrong instead of after a round trip: a month picked, both
 * dates picked, the end not before the start, at most STATEMENT_MAX_DAYS days.
 */
export function periodProblem(choice: PeriodChoice): PeriodProblem | null {
  if (choice.kind === 'month') {
    return choice.month && calendarDay(`${choice.month}-01`, STATEMENT_DATES) !== null
      ? null
      : { key: 'errors.statement_period_required' };
  }
  if (choice.kind !== 'range') return null;
  if (!choice.from || !choice.to) return { key: 'errors.statement_period_required' };
  const days = rangeDays(choice.from, choice.to);
  if (days === null) return { key: 'errors.statement_period_required' };
  if (days < 1) return { key: 'errors.statement_range_order' };
  if (days > STATEMENT_MAX_DAYS)
    return { key: 'errors.statement_range_too_long', vars: { days: STATEMENT_MAX_DAYS } };
  return null;
}

/** The period a valid choice stands for, "this month" and "last month" read at `now` in `zone`. */
export function periodOf(choice: PeriodChoice, now: number, zone: string): StatementPeriod | null {
  if (periodProblem(choice)) return null;
  switch (choice.kind) {
    case 'this_month':
      return { month: localMonth(now, zone) };
    case 'last_month':
      return { month: previousMonth(localMonth(now, zone)) };
    case 'month':
      return { month: choice.month! };
    case 'range':
      return { from: choice.from!, to: choice.to! };
  }
}

export interface StatementRequest {
  /** The caller's own account id (their user id): the server refuses any other. */
  account: number;
  format: StatementFormat;
  period: StatementPeriod;
  /** The trader's IANA zone (lib/time-zone.ts: the device's, UTC when it names none). */
  tz: string;
  lang: Lang;
}

/**
 * The download's path and query, or null when the server would refuse it (a bad zone from an
 * odd browser, a period `periodProblem` refuses). The rules are the server's schema's
 * (`StatementQuerySchema`, which the unit tests hold this to); the schema itself stays out of
 * the browser's bundle (apps/web/vite.config.ts: no zod in the app).
 */
export function statementUrl(request: StatementRequest): string | null {
  const { period } = request;
  const choice: PeriodChoice =
    'month' in period ? { kind: 'month', month: period.month } : { kind: 'range', ...period };
  const monthOk = !('month' in period) || /^\d{4}-\d{2}$/.test(period.month);
  if (!Number.isSafeInteger(request.account) || request.account < 1) return null;
  if (!monthOk || periodProblem(choice) || !isZoneId(request.tz)) return null;
  const query = {
    account: String(request.account),
    format: request.format,
    ...period,
    tz: request.tz,
    lang: request.lang,
  };
  return `${STATEMENT_DOWNLOAD_PATH}?${new URLSearchParams(query).toString()}`;
}

/** `pipwise-statement-2026-10.pdf`, or `pipwise-statement-2026-01-01_2026-03-31.csv` for a range. */
export function statementFileName(period: StatementPeriod, format: StatementFormat): string {
  const span = 'month' in period ? period.month : `${period.from}_${period.to}`;
  return `pipwise-statement-${span}.${format}`;
}
