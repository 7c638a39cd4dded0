import type { MicroUsd } from '@pipwise/shared';
import type { Db } from '../db/database.js';

/** One house account's entries since a moment, for one trader (whose leg they balance). */
export interface HouseEntrySum {
  account: string;
  userId: number;
  amount: MicroUsd;
}

/**
 * Σ the entries of `accounts` written since `since`, per account and per trader, read from
 * the ledger (docs/money.md "Double-entry books"; the dealing desk's "today", docs/
 * dealing-desk.md). Per trader so the caller can leave demo money out. The index on
 * (account, created_at) serves the filter.
 */
export async function sumHouseEntriesSince(
  db: Db,
  accounts: readonly string[],
  since: number,
): Promise<HouseEntrySum[]> {
  if (accounts.length === 0) return [];
  const rows = await db
    .selectFrom('ledger_entries')
    .innerJoin('account_logs', 'account_logs.id', 'ledger_entries.log_id')
    .select([
      'ledger_entries.account',
      'account_logs.user_id',
      (eb) => eb.fn.sum<number | string | null>('ledger_entries.amount').as('total'),
    ])
    .where('ledger_entries.account', 'in', accounts)
    .where('ledger_entries.created_at', '>=', since)
    .groupBy(['ledger_entries.account', 'account_logs.user_id'])
    .execute();
  return rows.map((r) => ({
    account: r.account,
    userId: Number(r.user_id),
    amount: Number(r.total ?? 0) as MicroUsd,
  }));
}
