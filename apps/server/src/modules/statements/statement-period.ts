import { calendarDay, dayStartOf, STATEMENT_DATES, wallClockAt, type StatementQuery } from '@pipwise/shared';

/** A statement's period: its instants [from, to) and its days as asked, inclusive. */
export interface StatementPeriod {
  from: number;
  to: number;
  firstDay: string;
  lastDay: string;
  /** YYYY-MM when it is a calendar month. */
  month: string | null;
  zone: string;
}

const two = (n: number) => String(n).padStart(2, '0');

/** The last day of a month (`YYYY-MM`) as `YYYY-MM-DD`. */
function lastDayOf(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return `${month}-${two(new Date(Date.UTC(year, m, 0)).getUTCDate())}`;
}

/** The period of a validated query (the schema checked dates, order and length). */
export function periodOf(query: Pick<StatementQuery, 'month' | 'from' | 'to' | 'tz'>): StatementPeriod {
  const firstDay = query.month ? `${query.month}-01` : query.from!;
  const lastDay = query.month ? lastDayOf(query.month) : query.to!;
  return {
    from: dayStartOf(calendarDay(firstDay, STATEMENT_DATES)!, query.tz),
    to: dayStartOf(calendarDay(lastDay, STATEMENT_DATES)! + 1, query.tz),
    firstDay,
    lastDay,
    month: query.month ?? null,
    zone: query.tz,
  };
}

/** The calendar month before the one `now` falls in, in `zone` (`YYYY-MM`): what the 1st sends. */
export function previousMonth(now: number, zone: string): string {
  const w = wallClockAt(now, zone);
  const year = w.month === 1 ? w.year - 1 : w.year;
  const month = w.month === 1 ? 12 : w.month - 1;
  return `${year}-${two(month)}`;
}
