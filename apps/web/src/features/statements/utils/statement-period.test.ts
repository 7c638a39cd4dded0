import { StatementQuerySchema } from '@pipwise/shared';
import { describe, expect, it } from 'vitest';
import {
  localMonth,
  periodOf,
  periodProblem,
  pickedDay,
  previousMonth,
  rangeDays,
  statementFileName,
  statementUrl,
  type StatementRequest,
} from './statement-period';

// 2026-11-01 02:30 UTC: already November in Hong Kong, still October in New York.
const NOV_1_0230_UTC = Date.UTC(2026, 10, 1, 2, 30);

describe('this month and last month', () => {
  it('are read in the trader’s zone, not the server’s or UTC', () => {
    expect(localMonth(NOV_1_0230_UTC, 'Asia/Hong_Kong')).toBe('2026-11');
    expect(localMonth(NOV_1_0230_UTC, 'America/New_York')).toBe('2026-10');
    expect(periodOf({ kind: 'this_month' }, NOV_1_0230_UTC, 'Asia/Hong_Kong')).toEqual({ month: '2026-11' });
    expect(periodOf({ kind: 'this_month' }, NOV_1_0230_UTC, 'America/New_York')).toEqual({
      month: '2026-10',
    });
    expect(periodOf({ kind: 'last_month' }, NOV_1_0230_UTC, 'Asia/Hong_Kong')).toEqual({ month: '2026-10' });
    expect(periodOf({ kind: 'last_month' }, NOV_1_0230_UTC, 'America/New_York')).toEqual({
      month: '2026-09',
    });
  });

  it('cross the year', () => {
    expect(previousMonth('2027-01')).toBe('2026-12');
    expect(previousMonth('2026-10')).toBe('2026-09');
    expect(periodOf({ kind: 'last_month' }, Date.UTC(2027, 0, 15), 'Europe/London')).toEqual({
      month: '2026-12',
    });
  });
});

describe('a picked month or range', () => {
  it('becomes the month or both dates', () => {
    expect(periodOf({ kind: 'month', month: '2025-02' }, NOV_1_0230_UTC, 'UTC')).toEqual({
      month: '2025-02',
    });
    expect(periodOf({ kind: 'range', from: '2026-01-01', to: '2026-03-31' }, 0, 'UTC')).toEqual({
      from: '2026-01-01',
      to: '2026-03-31',
    });
  });

  it('is refused before sending when incomplete, reversed or longer than 366 days', () => {
    expect(periodProblem({ kind: 'month', month: null })).toEqual({
      key: 'errors.statement_period_required',
    });
    expect(periodProblem({ kind: 'range', from: '2026-01-01', to: null })).toEqual({
      key: 'errors.statement_period_required',
    });
    expect(periodProblem({ kind: 'range', from: '2026-02-30', to: '2026-03-01' })).toEqual({
      key: 'errors.statement_period_required',
    });
    expect(periodProblem({ kind: 'range', from: '2026-03-02', to: '2026-03-01' })).toEqual({
      key: 'errors.statement_range_order',
    });
    // 2024 is a leap year: 2024-01-01 … 2024-12-31 is 366 days, one more is too many.
    expect(rangeDays('2024-01-01', '2024-12-31')).toBe(366);
    expect(periodProblem({ kind: 'range', from: '2024-01-01', to: '2024-12-31' })).toBeNull();
    expect(periodProblem({ kind: 'range', from: '2024-01-01', to: '2025-01-01' })).toEqual({
      key: 'errors.statement_range_too_long',
      vars: { days: 366 },
    });
    expect(periodProblem({ kind: 'range', from: '2026-03-01', to: '2026-03-01' })).toBeNull();
    expect(periodOf({ kind: 'range', from: '2026-03-02', to: '2026-03-01' }, 0, 'UTC')).toBeNull();
  });

  it('reads a picker’s date as the calendar day shown', () => {
    expect(pickedDay(new Date(2026, 0, 5))).toBe('2026-01-05');
    expect(pickedDay(new Date(2026, 11, 31, 23, 59))).toBe('2026-12-31');
  });
});

describe('the request', () => {
  const base: StatementRequest = {
    account: 42,
    format: 'pdf',
    period: { month: '2026-10' },
    tz: 'Asia/Hong_Kong',
    lang: 'hk',
  };

  it('carries the account, period, zone, format and language, as the server’s schema takes them', () => {
    const url = statementUrl(base)!;
    const [path, search] = url.split('?') as [string, string];
    expect(path).toBe('/v1/api/main/statement/download');
    const query = Object.fromEntries(new URLSearchParams(search));
    expect(query).toEqual({
      account: '42',
      format: 'pdf',
      month: '2026-10',
      tz: 'Asia/Hong_Kong',
      lang: 'hk',
    });
    expect(StatementQuerySchema.safeParse(query).success).toBe(true);

    const range = statementUrl({ ...base, format: 'csv', period: { from: '2026-01-01', to: '2026-03-31' } })!;
    expect(Object.fromEntries(new URLSearchParams(range.split('?')[1]))).toEqual({
      account: '42',
      format: 'csv',
      from: '2026-01-01',
      to: '2026-03-31',
      tz: 'Asia/Hong_Kong',
      lang: 'hk',
    });
  });

  it('is not made when the server would refuse it', () => {
    expect(statementUrl({ ...base, tz: '+08:00' })).toBeNull();
    expect(statementUrl({ ...base, period: { from: '2024-01-01', to: '2025-01-01' } })).toBeNull();
    expect(statementUrl({ ...base, period: { month: '2026-13' } })).toBeNull();
    expect(statementUrl({ ...base, account: 0 })).toBeNull();
  });

  it('names the file after the period and format', () => {
    expect(statementFileName({ month: '2026-10' }, 'pdf')).toBe('pipwise-statement-2026-10.pdf');
    expect(statementFileName({ from: '2026-01-01', to: '2026-03-31' }, 'csv')).toBe(
      'pipwise-statement-2026-01-01_2026-03-31.csv',
    );
  });
});
