import type { Db } from '../../db/database.js';

/**
 * The ledger's only door: every balance change goes through `postEntry`, which updates the
 * balance and appends its log row in the caller's transaction (ARCHITECTURE §5).
 */

export async function createAccount(trx: Db, userId: number, now: number): Promise<void> {
  await trx
    .insertInto('accounts')
    .values({ user_id: userId, balance: 0, lock_balance: 0, updated_at: now })
    .execute();
}

export interface LedgerEntry {
  userId: number;
  /** demo_credit, trade_fee, trade_profit, deposit, withdraw … */
  type: string;
  /** Signed micro-USD. */
  amount: number;
  refType?: string;
  refId?: number;
  now: number;
}

/**
 * Adds `amount` to the balance and logs it, atomically with the caller's other writes.
 * The update is conditional, so a debit can never take the balance below zero even when
 * two requests race; it returns the new balance, or null when funds were short.
 */
export async function postEntry(trx: Db, entry: LedgerEntry): Promise<number | null> {
  const updated = await trx
    .updateTable('accounts')
    .set((eb) => ({ balance: eb('balance', '+', entry.amount), updated_at: entry.now }))
    .where('user_id', '=', entry.userId)
    .where((eb) => eb('balance', '>=', -entry.amount))
    .returning('balance')
    .executeTakeFirst();
  if (!updated) return null;
  const balanceAfter = Number(updated.balance);
  await trx
    .insertInto('account_logs')
    .values({
      user_id: entry.userId,
      type: entry.type,
      amount: entry.amount,
      balance_after: balanceAfter,
      ref_type: entry.refType ?? null,
      ref_id: entry.refId ?? null,
      created_at: entry.now,
    })
    .execute();
  return balanceAfter;
}

export function findAccount(db: Db, userId: number) {
  return db.selectFrom('accounts').selectAll().where('user_id', '=', userId).executeTakeFirst();
}
