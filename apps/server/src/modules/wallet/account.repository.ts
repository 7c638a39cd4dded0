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

/**
 * Posts a trading result that may be a loss larger than the balance. The loss is logged in
 * full; if it would leave the balance below zero, negative balance protection restores it
 * to zero with a ledger row of its own, in the same transaction, so the balance is never
 * negative and still equals the sum of its log. Returns the new balance.
 */
export async function postEntryWithFloor(trx: Db, entry: LedgerEntry): Promise<number> {
  for (;;) {
    const posted = await postEntry(trx, entry);
    if (posted !== null) return posted;
    const account = await findAccount(trx, entry.userId);
    if (!account) throw new Error(`no account for user ${entry.userId}`);
    const before = Number(account.balance);
    const after = before + entry.amount;
    if (after >= 0) continue; // the balance moved in between: the plain post fits now
    // Conditional on the balance read, so a concurrent change makes us read again.
    const zeroed = await trx
      .updateTable('accounts')
      .set({ balance: 0, updated_at: entry.now })
      .where('user_id', '=', entry.userId)
      .where('balance', '=', before)
      .executeTakeFirst();
    if (Number(zeroed.numUpdatedRows) !== 1) continue;
    const ref = { ref_type: entry.refType ?? null, ref_id: entry.refId ?? null, created_at: entry.now };
    await trx
      .insertInto('account_logs')
      .values([
        { user_id: entry.userId, type: entry.type, amount: entry.amount, balance_after: after, ...ref },
        { user_id: entry.userId, type: 'negative_balance_reset', amount: -after, balance_after: 0, ...ref },
      ])
      .execute();
    return 0;
  }
}

export function findAccount(db: Db, userId: number) {
  return db.selectFrom('accounts').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** One page of a user's account log, newest first, with the total count. */
export async function pageAccountLogs(db: Db, userId: number, page: number, size: number) {
  const base = db.selectFrom('account_logs').where('user_id', '=', userId);
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
