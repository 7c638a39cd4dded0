import { z } from 'zod';
import { calendarDay } from '../domain/time-zone.js';
import { LANGS } from '../languages.js';
import { defineEndpoint } from './endpoint.js';
import { idField, intEnum, timeZoneField } from './fields.js';

/**
 * Trader statements (docs/statements.md): a calendar month or any range of days up to
 * `STATEMENT_MAX_DAYS`, as PDF or CSV, in the trader's language and time zone.
 */

/** The longest range one request may ask for, in days (both ends counted). */
export const STATEMENT_MAX_DAYS = 366;

export const STATEMENT_FORMATS = ['pdf', 'csv'] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

const MONTH = /^(\d{4})-(\d{2})$/;

const custom = (key: string) => ({ params: { key } });

/** The first date a statement may name: `calendarDay`'s bound for statement dates. */
export const STATEMENT_DATES = { first: '2000-01-01' };

/** A `YYYY-MM-DD` date, strictly: a real date from 2000 on. */
export const dateField = z
  .string()
  .refine((v) => calendarDay(v, STATEMENT_DATES) !== null, custom('errors.statement_date_invalid'));

/** A `YYYY-MM` month, strictly. */
export const monthField = z
  .string()
  .refine(
    (v) => MONTH.test(v) && calendarDay(`${v}-01`, STATEMENT_DATES) !== null,
    custom('errors.statement_month_invalid'),
  );

const optional = <T extends z.ZodType>(field: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), field.optional());

/**
 * GET /v1/api/main/statement/download — the statement file itself (not the JSON envelope;
 * errors still are). `account` is the caller's own account id (their user id): another is
 * refused. Either `month`, or `from` and `to` (inclusive), in the time zone `tz`.
 */
export const StatementQuerySchema = z
  .object({
    account: idField,
    format: z.enum(STATEMENT_FORMATS),
    month: optional(monthField),
    from: optional(dateField),
    to: optional(dateField),
    tz: timeZoneField,
    /** One of the 18; absent: the caller's own (the lang header). */
    lang: optional(z.enum(LANGS)),
  })
  .superRefine((q, ctx) => {
    const byMonth = q.month !== undefined;
    const byRange = q.from !== undefined || q.to !== undefined;
    if (byMonth === byRange) {
      ctx.addIssue({
        code: 'custom',
        path: ['month'],
        message: 'month or range',
        ...custom('errors.statement_period_required'),
      });
      return;
    }
    if (!byRange) return;
    if (q.from === undefined || q.to === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: [q.from === undefined ? 'from' : 'to'],
        message: 'both ends',
        ...custom('errors.statement_period_required'),
      });
      return;
    }
    const days = calendarDay(q.to, STATEMENT_DATES)! - calendarDay(q.from, STATEMENT_DATES)! + 1;
    if (days < 1)
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: 'to before from',
        ...custom('errors.statement_range_order'),
      });
    else if (days > STATEMENT_MAX_DAYS)
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: 'too long',
        params: { key: 'errors.statement_range_too_long', vars: { days: STATEMENT_MAX_DAYS } },
      });
  });
export type StatementQuery = z.output<typeof StatementQuerySchema>;
export type StatementQueryInput = z.input<typeof StatementQuerySchema>;

export const STATEMENT_DOWNLOAD_PATH = '/v1/api/main/statement/download';

export const StatementPreferencesSchema = z.object({
  /** 1: last month's statement is e-mailed on the 1st (PDF attached). */
  monthly_email: z.union([z.literal(0), z.literal(1)]),
  /** 1: an e-mail after each fill. */
  trade_confirmations: z.union([z.literal(0), z.literal(1)]),
  /** Whether the account has an e-mail address to send to. */
  has_email: z.boolean(),
});
export type StatementPreferences = z.infer<typeof StatementPreferencesSchema>;

/** GET /v1/api/main/statement/preferences — real accounts (demo accounts get no mail). */
export const statementPreferencesEndpoint = defineEndpoint({
  method: 'GET',
  path: '/v1/api/main/statement/preferences',
  input: z.object({}),
  output: StatementPreferencesSchema,
  auth: true,
  realOnly: true,
});

/** POST /v1/api/main/statement/preferences — both off by default; `tz` is the app's zone. */
export const saveStatementPreferencesEndpoint = defineEndpoint({
  method: 'POST',
  path: '/v1/api/main/statement/preferences',
  input: z.object({
    monthly_email: intEnum([0, 1]),
    trade_confirmations: intEnum([0, 1]),
    tz: timeZoneField,
  }),
  output: StatementPreferencesSchema,
  auth: true,
  realOnly: true,
});
