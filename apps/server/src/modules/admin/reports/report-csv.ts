import type { FundsRow, PnlRow, ReportEntry, RevenueRow, TrialBalanceRow, UsersRow } from '@pipwise/shared';
import type { CsvColumn } from './csv-writer.js';

/**
 * The columns of each report's CSV (docs/reports.md "CSV files"): headers are stable
 * English names for spreadsheets and scripts; money is USD as exact decimals.
 */

export const PNL_CSV: CsvColumn<PnlRow>[] = [
  { header: 'instrument', kind: 'text', value: (r) => r.code },
  { header: 'instrument_id', kind: 'int', value: (r) => r.instrument_id },
  { header: 'account', kind: 'text', value: (r) => r.account },
  { header: 'entries', kind: 'int', value: (r) => r.entries },
  { header: 'amount_usd', kind: 'usd', value: (r) => r.amount_micros },
];

export const REVENUE_CSV: CsvColumn<RevenueRow>[] = [
  { header: 'day', kind: 'text', value: (r) => r.day },
  { header: 'account', kind: 'text', value: (r) => r.account },
  { header: 'entries', kind: 'int', value: (r) => r.entries },
  { header: 'amount_usd', kind: 'usd', value: (r) => r.amount_micros },
];

export const FUNDS_CSV: CsvColumn<FundsRow>[] = [
  { header: 'direction', kind: 'text', value: (r) => r.direction },
  { header: 'account', kind: 'text', value: (r) => r.account },
  { header: 'channel_id', kind: 'int', value: (r) => r.channel_id },
  { header: 'currency', kind: 'text', value: (r) => r.currency },
  { header: 'name', kind: 'text', value: (r) => r.name },
  { header: 'entries', kind: 'int', value: (r) => r.entries },
  { header: 'amount_usd', kind: 'usd', value: (r) => r.amount_micros },
];

export const USERS_CSV: CsvColumn<UsersRow>[] = [
  { header: 'day', kind: 'text', value: (r) => r.day },
  { header: 'registered', kind: 'int', value: (r) => r.registered },
  { header: 'verified', kind: 'int', value: (r) => r.verified },
];

export const TRIAL_BALANCE_CSV: CsvColumn<TrialBalanceRow>[] = [
  { header: 'account', kind: 'text', value: (r) => r.account },
  { header: 'opening_usd', kind: 'usd', value: (r) => r.opening_micros },
  { header: 'debit_usd', kind: 'usd', value: (r) => r.debit_micros },
  { header: 'credit_usd', kind: 'usd', value: (r) => r.credit_micros },
  { header: 'closing_usd', kind: 'usd', value: (r) => r.closing_micros },
  { header: 'entries', kind: 'int', value: (r) => r.entries },
];

export const ENTRIES_CSV: CsvColumn<ReportEntry>[] = [
  { header: 'entry_id', kind: 'int', value: (r) => r.id },
  { header: 'log_id', kind: 'int', value: (r) => r.log_id },
  { header: 'time_utc', kind: 'text', value: (r) => new Date(r.created_at).toISOString() },
  { header: 'user_id', kind: 'int', value: (r) => r.user_id },
  { header: 'uid', kind: 'text', value: (r) => r.uid },
  { header: 'kind', kind: 'text', value: (r) => r.kind },
  { header: 'ref_type', kind: 'text', value: (r) => r.ref_type },
  { header: 'ref_id', kind: 'text', value: (r) => (r.ref_id === null ? '' : String(r.ref_id)) },
  { header: 'memo', kind: 'text', value: (r) => r.memo },
  { header: 'amount_usd', kind: 'usd', value: (r) => r.amount_micros },
];
