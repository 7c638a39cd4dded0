import { z } from 'zod';
import { calendarDay } from '../../domain/time-zone.js';
import { defineEndpoint } from '../endpoint.js';
import { pageField, smallIdField, timeZoneField } from '../fields.js';
import { operatorAccess, pageOf, ROLES } from './common.js';

/**
 * The operators' reports (docs/reports.md): figures of the books over a range of calendar
 * days in the operator's time zone, real money only. Every amount is integer micro-USD
 * (`*_micros`) summed by the database; every row names the house account (and instrument)
 * whose ledger entries make it, for the drill-down (`adminReportEntriesEndpoint`).
 */

/** The longest range one request may cover, in days (both ends included). */
export const REPORT_MAX_DAYS = 366;
/** The first and last calendar dates a report may name. */
export const REPORT_FIRST_DATE = '2000-01-01';
export const REPORT_LAST_DATE = '2099-12-31';

/** The reports, by the name in their path. */
export const REPORT_NAMES = ['pnl', 'revenue', 'funds', 'users', 'trial-balance'] as const;
export type ReportName = (typeof REPORT_NAMES)[number];

/** The dates a report may name: the bounds of `calendarDay`. */
const REPORT_DATES = { first: REPORT_FIRST_DATE, last: REPORT_LAST_DATE };

/** A calendar date `YYYY-MM-DD` that exists, within 2000–2099; nothing else (no time, no number). */
const dateField = z
  .string()
  .refine((s) => calendarDay(s, REPORT_DATES) !== null, { params: { key: 'errors.report_date_invalid' } });

/** `from`..`to` (both included) in `tz`: ordered, at most REPORT_MAX_DAYS days. */
const rangeFields = { from: dateField, to: dateField, tz: timeZoneField };

function checkRange(range: { from: string; to: string }, ctx: z.RefinementCtx): void {
  const days = calendarDay(range.to)! - calendarDay(range.from)! + 1;
  if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], params: { key: 'errors.report_range_order' } });
  else if (days > REPORT_MAX_DAYS)
    ctx.addIssue({
      code: 'custom',
      path: ['to'],
      params: { key: 'errors.report_range_too_long', vars: { days: REPORT_MAX_DAYS } },
    });
}

export const ReportRangeSchema = z.object(rangeFields).superRefine(checkRange);
export type ReportRange = z.output<typeof ReportRangeSchema>;

/** A house account's name as the ledger writes it (`fee_revenue`, `deposits:3:USDT`). */
const ACCOUNT = /^[a-z_]{1,32}(:\d{1,10}:[A-Za-z0-9]{1,12})?$/;

/** The range a report covers, as the server resolved it: instants of its first and last day. */
export const ReportSpanSchema = z.object({
  from: z.string(),
  to: z.string(),
  tz: z.string(),
  /** Epoch ms of `from` 00:00 in `tz` (included) and of the day after `to` (excluded). */
  start: z.number().int(),
  end: z.number().int(),
});

// ---- house P&L by instrument ----

export const PnlRowSchema = z.object({
  instrument_id: z.number().int(),
  /** The instrument's code now (`#<id>` if it is gone). */
  code: z.string(),
  /** The house account the entries were booked to (client_pnl, a_book_settlement, fee_revenue …). */
  account: z.string(),
  entries: z.number().int(),
  /** Σ of those entries: what the house won (+) or lost (−) on the instrument. */
  amount_micros: z.number().int(),
});
export type PnlRow = z.infer<typeof PnlRowSchema>;

/** GET /api/admin/reports/pnl — house entries of trades (the log row refers to an order), by instrument and account. */
export const adminReportPnlEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/reports/pnl',
  input: ReportRangeSchema,
  output: z.object({ span: ReportSpanSchema, rows: z.array(PnlRowSchema) }),
  ...operatorAccess(ROLES.finance),
});

// ---- revenue per day ----

export const RevenueRowSchema = z.object({
  /** The local calendar day, `YYYY-MM-DD`. */
  day: z.string(),
  /** A house account whose name ends in `_revenue` (fee_revenue, spread_revenue …). */
  account: z.string(),
  entries: z.number().int(),
  amount_micros: z.number().int(),
});
export type RevenueRow = z.infer<typeof RevenueRowSchema>;

/** GET /api/admin/reports/revenue — each `*_revenue` house account per local day (days with entries). */
export const adminReportRevenueEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/reports/revenue',
  input: ReportRangeSchema,
  output: z.object({
    span: ReportSpanSchema,
    accounts: z.array(z.string()),
    rows: z.array(RevenueRowSchema),
  }),
  ...operatorAccess(ROLES.finance),
});

// ---- deposits and withdrawals by channel ----

export const FundsRowSchema = z.object({
  direction: z.enum(['deposit', 'withdrawal']),
  account: z.string(),
  /** The deposit channel or payout method id (0 for the account without one). */
  channel_id: z.number().int(),
  currency: z.string(),
  /** The channel's or the payout method's name as the back office shows it. */
  name: z.string(),
  entries: z.number().int(),
  /** Money moved, positive: credited to traders (deposits) or paid out (withdrawals). */
  amount_micros: z.number().int(),
});
export type FundsRow = z.infer<typeof FundsRowSchema>;

/** GET /api/admin/reports/funds — deposits credited and withdrawals paid, per channel or method. */
export const adminReportFundsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/reports/funds',
  input: ReportRangeSchema,
  output: z.object({ span: ReportSpanSchema, rows: z.array(FundsRowSchema) }),
  ...operatorAccess(ROLES.finance),
});

// ---- new and verified users per day ----

export const UsersRowSchema = z.object({
  day: z.string(),
  /** Real users who registered that day. */
  registered: z.number().int(),
  /** Real users whose identity an operator verified that day. */
  verified: z.number().int(),
});
export type UsersRow = z.infer<typeof UsersRowSchema>;

/** GET /api/admin/reports/users — every day of the range, zeros included. */
export const adminReportUsersEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/reports/users',
  input: ReportRangeSchema,
  output: z.object({ span: ReportSpanSchema, rows: z.array(UsersRowSchema) }),
  ...operatorAccess(ROLES.finance),
});

// ---- trial balance ----

export const TrialBalanceRowSchema = z.object({
  /** A house account, or `traders` (every real trader's balance together). */
  account: z.string(),
  opening_micros: z.number().int(),
  /** Σ of the positive entries in the range. */
  debit_micros: z.number().int(),
  /** Σ of the negative entries in the range, as a positive figure. */
  credit_micros: z.number().int(),
  closing_micros: z.number().int(),
  entries: z.number().int(),
});
export type TrialBalanceRow = z.infer<typeof TrialBalanceRowSchema>;

/** GET /api/admin/reports/trial-balance — house accounts, the traders, and the check row (all sum to zero). */
export const adminReportTrialBalanceEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/reports/trial-balance',
  input: ReportRangeSchema,
  output: z.object({
    span: ReportSpanSchema,
    rows: z.array(TrialBalanceRowSchema),
    traders: TrialBalanceRowSchema,
    /** Column sums of every row and the traders: openings and closings 0, debits = credits. */
    check: TrialBalanceRowSchema,
    balanced: z.boolean(),
  }),
  ...operatorAccess(ROLES.finance),
});

// ---- drill-down: the ledger entries behind a figure ----

export const ReportEntrySchema = z.object({
  id: z.number().int(),
  /** The account-log row (the trader's leg) this entry balances. */
  log_id: z.number().int(),
  user_id: z.number().int(),
  uid: z.string(),
  /** The account-log row's kind (trade_fee, deposit …). */
  kind: z.string(),
  ref_type: z.string().nullable(),
  ref_id: z.number().int().nullable(),
  /** An operator's reason (adjustments), as written. */
  memo: z.string().nullable(),
  amount_micros: z.number().int(),
  created_at: z.number().int(),
});
export type ReportEntry = z.infer<typeof ReportEntrySchema>;

export const ReportEntriesInputSchema = z
  .object({
    ...rangeFields,
    account: z.string().max(64).regex(ACCOUNT),
    /** Only entries of trades on this instrument (the P&L report's rows). */
    instrument_id: z.preprocess((v) => (v === '' || v === null ? undefined : v), smallIdField.optional()),
    page: pageField,
  })
  .superRefine(checkRange);

/** Rows per page of the drill-down. */
export const REPORT_ENTRIES_PAGE_SIZE = 50;

/** GET /api/admin/reports/entries — one house account's entries in the range, oldest first, paged. */
export const adminReportEntriesEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/reports/entries',
  input: ReportEntriesInputSchema,
  output: pageOf(ReportEntrySchema),
  ...operatorAccess(ROLES.finance),
});

// ---- CSV downloads: the same reports as files, streamed ----

/** Not an envelope: `text/csv` bytes, sent as the database is read. */
const CsvBodySchema = z.unknown();

/**
 * A report as a file: the report's path with `.csv`, its input, the same access. The web
 * build strips `input` where this helper is called (apps/web/build/endpoint-descriptors.ts
 * takes a module's helper that only wraps `defineEndpoint`).
 */
const csvEndpoint = <I extends z.ZodType>(name: string, input: I) =>
  defineEndpoint({
    method: 'GET',
    path: `/api/admin/reports/${name}.csv`,
    input,
    output: CsvBodySchema,
    ...operatorAccess(ROLES.finance),
  });

export const adminReportPnlCsvEndpoint = csvEndpoint('pnl', ReportRangeSchema);
export const adminReportRevenueCsvEndpoint = csvEndpoint('revenue', ReportRangeSchema);
export const adminReportFundsCsvEndpoint = csvEndpoint('funds', ReportRangeSchema);
export const adminReportUsersCsvEndpoint = csvEndpoint('users', ReportRangeSchema);
export const adminReportTrialBalanceCsvEndpoint = csvEndpoint('trial-balance', ReportRangeSchema);
/** The drill-down's entries as a file: every page, not one (`page` is ignored). */
export const adminReportEntriesCsvEndpoint = csvEndpoint('entries', ReportEntriesInputSchema);
