import { sql } from 'kysely';
import type { Db } from '../db/database.js';

/** What a failed check found: how many, and the first few of them to look at. */
export interface BooksFinding {
  count: number;
  /** Up to `SAMPLE` ids: user ids for accounts, account-log ids for transactions. */
  sample: number[];
}

/** How many ids a finding names (the alert shows them; the count says how many there are). */
export const SAMPLE = 20;

/** Ids (sorted) as a finding. */
export function findingOf(ids: readonly number[]): BooksFinding {
  return { count: ids.length, sample: [...ids].sort((a, b) => a - b).slice(0, SAMPLE) };
}

async function finding(
  db: Db,
  query: ReturnType<typeof sql<{ id: number | string }>>,
): Promise<BooksFinding> {
  return findingOf((await query.execute(db)).rows.map((r) => Number(r.id)));
}

/** Every account's held funds that are not zero, by user (few: only pending withdrawals hold). */
export async function heldByUser(db: Db): Promise<Map<number, number>> {
  const rows = await sql<{ user_id: number | string; lock_balance: number | string }>`
    SELECT user_id, lock_balance FROM accounts WHERE lock_balance <> 0`.execute(db);
  return new Map(rows.rows.map((r) => [Number(r.user_id), Number(r.lock_balance)]));
}

/** The accounts below zero (few: only while positions are open, or after a missed write-off). */
export async function negativeBalances(db: Db): Promise<number[]> {
  const rows = await sql<{
    user_id: number | string;
  }>`SELECT user_id FROM accounts WHERE balance < 0`.execute(db);
  return rows.rows.map((r) => Number(r.user_id));
}

/**
 * The ledger's own invariants (docs/money.md "Double-entry books"), read from the tables the
 * ledger writes: every transaction (an account-log row and its house entries) sums to zero,
 * no house entry balances nothing, and every account equals the sum of its log.
 */
export const LEDGER_CHECKS = {
  /** Σ of a transaction's entries ≠ 0. */
  unbalanced_transactions: (db: Db) =>
    finding(
      db,
      sql<{ id: number }>`
        SELECT l.id AS id FROM account_logs l
        LEFT JOIN (SELECT log_id, SUM(amount) AS total FROM ledger_entries GROUP BY log_id) e
          ON e.log_id = l.id
        WHERE l.amount + COALESCE(e.total, 0) <> 0
        UNION ALL
        SELECT e.log_id AS id FROM ledger_entries e
        LEFT JOIN account_logs l ON l.id = e.log_id
        WHERE l.id IS NULL`,
    ),
  /** balance ≠ Σ log amounts, or lock_balance ≠ Σ log lock amounts. */
  balance_not_log_sum: (db: Db) =>
    finding(
      db,
      sql<{ id: number }>`
        SELECT a.user_id AS id FROM accounts a
        LEFT JOIN (
          SELECT user_id, SUM(amount) AS amount, SUM(lock_amount) AS lock_amount
          FROM account_logs GROUP BY user_id
        ) g ON g.user_id = a.user_id
        WHERE a.balance <> COALESCE(g.amount, 0) OR a.lock_balance <> COALESCE(g.lock_amount, 0)
        ORDER BY a.user_id`,
    ),
} as const;
