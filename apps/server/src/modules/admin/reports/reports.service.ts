import {
  REPORT_ENTRIES_PAGE_SIZE,
  type FundsRow,
  type PnlRow,
  type ReportEntry,
  type ReportRange,
  type RevenueRow,
  type TrialBalanceRow,
  type UsersRow,
} from '@pipwise/shared';
import type { z } from 'zod';
import type { ReportEntriesInputSchema, ReportSpanSchema } from '@pipwise/shared';
import type { Db } from '../../../core/db/database.js';
import {
  houseTrialBalance,
  pnlByInstrument,
  sumsByAccount,
  sumsBySlot,
  tradersTrialBalance,
} from './house-ledger.repository.js';
import { dayIndexOf, localDays, type LocalDays } from './local-days.js';
import { registeredBySlot, verifiedBySlot } from './people-report.repository.js';
import { entriesAfter, entriesPage, type EntriesFilter, type EntryRow } from './report-entries.repository.js';
import { fundsNames } from './funds-names.js';
import { countOf, microsOf } from './report-sums.js';

export type ReportSpan = z.output<typeof ReportSpanSchema>;
export type EntriesInput = z.output<typeof ReportEntriesInputSchema>;

/** Rows the CSV of the entries reads per query (report-entries.repository.ts). */
export const ENTRIES_CSV_BATCH = 1_000;

/** Code-unit order (not the database's or the locale's collation): the same on every install. */
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** A house account whose name ends so is revenue (docs/reports.md "Revenue"). */
const REVENUE_ACCOUNTS = '%revenue';

/**
 * The operators' reports (docs/reports.md): each reads the books of real traders over the
 * local days of a range and shapes rows that name the accounts they come from.
 */
export class ReportsService {
  constructor(
    private readonly db: Db,
    /** The instrument's code now, from the market module's face. */
    private readonly instrumentCode: (id: number) => string | undefined,
  ) {}

  /** The local days of a range and the span the answer states. */
  private daysOf(range: ReportRange): { days: LocalDays; span: ReportSpan } {
    const days = localDays(range);
    const span = { ...range, start: days.bounds[0]!, end: days.bounds[days.bounds.length - 1]! };
    return { days, span };
  }

  async pnl(range: ReportRange): Promise<{ span: ReportSpan; rows: PnlRow[] }> {
    const { span } = this.daysOf(range);
    const sums = await pnlByInstrument(this.db, span.start, span.end);
    const rows = sums.map((r) => ({
      instrument_id: Number(r.instrument_id),
      code: this.instrumentCode(Number(r.instrument_id)) ?? `#${r.instrument_id}`,
      account: r.account,
      entries: countOf(r.entries),
      amount_micros: microsOf(r.amount),
    }));
    rows.sort((a, b) => byText(a.code, b.code) || byText(a.account, b.account));
    return { span, rows };
  }

  async revenue(range: ReportRange): Promise<{ span: ReportSpan; accounts: string[]; rows: RevenueRow[] }> {
    const { days, span } = this.daysOf(range);
    const sums = await sumsBySlot(this.db, REVENUE_ACCOUNTS, span.start, span.end, days.slot);
    const byKey = new Map<string, { day: number; account: string; entries: number; amount: bigint }>();
    for (const s of sums) {
      const day = dayIndexOf(days, span.start + countOf(s.slot) * days.slot);
      const key = `${day} ${s.account}`;
      const row = byKey.get(key) ?? { day, account: s.account, entries: 0, amount: 0n };
      row.entries += countOf(s.entries);
      row.amount += BigInt(microsOf(s.amount));
      byKey.set(key, row);
    }
    const rows = [...byKey.values()]
      .sort((a, b) => a.day - b.day || byText(a.account, b.account))
      .map((r) => ({
        day: days.labels[r.day]!,
        account: r.account,
        entries: r.entries,
        amount_micros: microsOf(r.amount),
      }));
    return { span, accounts: [...new Set(rows.map((r) => r.account))].sort(byText), rows };
  }

  async funds(range: ReportRange): Promise<{ span: ReportSpan; rows: FundsRow[] }> {
    const { span } = this.daysOf(range);
    const sums = await sumsByAccount(this.db, ['deposits', 'withdrawals'], span.start, span.end);
    const names = await fundsNames(
      this.db,
      sums.map((s) => s.account),
    );
    const rows = sums.flatMap((s): FundsRow[] => {
      const name = names.get(s.account);
      if (!name) return [];
      const house = microsOf(s.amount);
      // The house's side is minus the traders': deposits are credited (−), payouts paid (+).
      const amount = name.direction === 'deposit' ? 0 - house : house;
      return [{ ...name, account: s.account, entries: countOf(s.entries), amount_micros: amount }];
    });
    rows.sort((a, b) => byText(a.direction, b.direction) || byText(a.account, b.account));
    return { span, rows };
  }

  async users(range: ReportRange): Promise<{ span: ReportSpan; rows: UsersRow[] }> {
    const { days, span } = this.daysOf(range);
    const [registered, verified] = await Promise.all([
      registeredBySlot(this.db, span.start, span.end, days.slot),
      verifiedBySlot(this.db, span.start, span.end, days.slot),
    ]);
    const rows = days.labels.map((day) => ({ day, registered: 0, verified: 0 }));
    for (const r of registered)
      rows[dayIndexOf(days, span.start + countOf(r.slot) * days.slot)]!.registered += countOf(r.n);
    for (const r of verified)
      rows[dayIndexOf(days, span.start + countOf(r.slot) * days.slot)]!.verified += countOf(r.n);
    return { span, rows };
  }

  async trialBalance(range: ReportRange) {
    const { span } = this.daysOf(range);
    const [house, traders] = await Promise.all([
      houseTrialBalance(this.db, span.start, span.end),
      tradersTrialBalance(this.db, span.start, span.end),
    ]);
    const rows = house.map((r) => balanceRow(r.account, r)).sort((a, b) => byText(a.account, b.account));
    const tradersRow = balanceRow('traders', traders);
    const all = [...rows, tradersRow];
    const total = (pick: (r: TrialBalanceRow) => number) =>
      microsOf(all.reduce((s, r) => s + BigInt(pick(r)), 0n));
    const check: TrialBalanceRow = {
      account: 'check',
      opening_micros: total((r) => r.opening_micros),
      debit_micros: total((r) => r.debit_micros),
      credit_micros: total((r) => r.credit_micros),
      closing_micros: total((r) => r.closing_micros),
      entries: all.reduce((s, r) => s + r.entries, 0),
    };
    const balanced =
      check.opening_micros === 0 && check.closing_micros === 0 && check.debit_micros === check.credit_micros;
    return { span, rows, traders: tradersRow, check, balanced };
  }

  private entriesFilter(input: EntriesInput): EntriesFilter {
    const { span } = this.daysOf(input);
    return { account: input.account, start: span.start, end: span.end, instrumentId: input.instrument_id };
  }

  async entries(input: EntriesInput): Promise<{ data: ReportEntry[]; total: number }> {
    const page = await entriesPage(
      this.db,
      this.entriesFilter(input),
      REPORT_ENTRIES_PAGE_SIZE,
      (input.page - 1) * REPORT_ENTRIES_PAGE_SIZE,
    );
    return { data: page.rows.map(entryDto), total: page.total };
  }

  /** Every entry of the drill-down, a batch at a time by id (never the whole list in memory). */
  async *allEntries(input: EntriesInput): AsyncGenerator<ReportEntry[]> {
    const filter = this.entriesFilter(input);
    let after = 0;
    for (;;) {
      const batch = await entriesAfter(this.db, filter, after, ENTRIES_CSV_BATCH);
      if (batch.length === 0) return;
      yield batch.map(entryDto);
      if (batch.length < ENTRIES_CSV_BATCH) return;
      after = Number(batch[batch.length - 1]!.id);
    }
  }
}

type BalanceSums = {
  opening: string | number | null;
  debit: string | number | null;
  credit: string | number | null;
  entries: string | number | null;
};

function balanceRow(account: string, r: BalanceSums): TrialBalanceRow {
  const opening = microsOf(r.opening);
  const debit = microsOf(r.debit);
  const credit = microsOf(r.credit);
  return {
    account,
    opening_micros: opening,
    debit_micros: debit,
    credit_micros: credit,
    closing_micros: microsOf(BigInt(opening) + BigInt(debit) - BigInt(credit)),
    entries: countOf(r.entries),
  };
}

function entryDto(r: EntryRow): ReportEntry {
  return {
    id: Number(r.id),
    log_id: Number(r.log_id),
    user_id: Number(r.user_id),
    uid: r.uid,
    kind: r.kind,
    ref_type: r.ref_type,
    ref_id: r.ref_id === null ? null : Number(r.ref_id),
    memo: r.memo,
    amount_micros: microsOf(r.amount),
    created_at: Number(r.created_at),
  };
}
