import { sql, type Expression, type Selectable, type SqlBool } from 'kysely';
import type { AccountTable, Db } from '../../db/database.js';
import { isPostgres } from '../../db/migrations/helpers.js';

/**
 * The only SQL that touches `accounts` and `account_logs` (a test keeps it so). Functions
 * take `db` or a transaction first; money is integer micro-USD.
 */

export type AccountRow = Selectable<AccountTable>;

export async function createAccount(trx: Db, userId: number, now: number): Promise<void> {
  await trx
    .insertInto('accounts')
    .values({ user_id: userId, balance: 0, lock_balance: 0, updated_at: now })
    .execute();
}

export function findAccount(db: Db, userId: number): Promise<AccountRow | undefined> {
  return db.selectFrom('accounts').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** Several accounts at once (the engine's index at start), in chunks the drivers accept. */
export async function findAccounts(db: Db, userIds: readonly number[]): Promise<AccountRow[]> {
  const rows: AccountRow[] = [];
  for (let i = 0; i < userIds.length; i += 1000) {
    const chunk = userIds.slice(i, i + 1000);
    rows.push(...(await db.selectFrom('accounts').selectAll().where('user_id', 'in', chunk).execute()));
  }
  return rows;
}

/**
 * Reads the account and holds its row lock until the transaction ends (PostgreSQL
 * `FOR UPDATE`), so every money decision for this user, on any server instance, runs one at
 * a time. SQLite has a single writer: its transactions are already serial.
 */
export function lockAccount(trx: Db, userId: number): Promise<AccountRow | undefined> {
  const query = trx.selectFrom('accounts').selectAll().where('user_id', '=', userId);
  return (isPostgres(trx) ? query.forUpdate() : query).executeTakeFirst();
}

/** What must still hold after a change for it to be written (checked by the UPDATE itself). */
export type BalanceGuard =
  /** Nothing beyond lock_balance ≥ 0: trading results, fees checked by the caller. */
  | 'none'
  /** balance − lock_balance stays ≥ 0: money the trader spends or has held. */
  | 'available'
  /** balance stays ≥ 0: a payout of money already held. */
  | 'balance';

export interface AccountChange {
  userId: number;
  /** Signed micro-USD added to balance. */
  amount: number;
  /** Signed micro-USD added to lock_balance. */
  lockAmount: number;
  guard: BalanceGuard;
  now: number;
}

/**
 * Applies a change in one conditional UPDATE, so a guard can never be beaten by a race;
 * returns the new balance and lock, or null when the guard (or the lock floor) refused it.
 */
export async function applyChange(
  trx: Db,
  change: AccountChange,
): Promise<{ balance: number; lock: number } | null> {
  const row = await trx
    .updateTable('accounts')
    .set((eb) => ({
      balance: eb('balance', '+', change.amount),
      lock_balance: eb('lock_balance', '+', change.lockAmount),
      updated_at: change.now,
    }))
    .where('user_id', '=', change.userId)
    .where((eb) => {
      const newBalance = eb('balance', '+', change.amount);
      const newLock = eb('lock_balance', '+', change.lockAmount);
      const checks: Expression<SqlBool>[] = [eb(newLock, '>=', 0)];
      if (change.guard === 'available') checks.push(eb(newBalance, '>=', newLock));
      if (change.guard === 'balance') checks.push(eb(newBalance, '>=', 0));
      return eb.and(checks);
    })
    .returning(['balance', 'lock_balance'])
    .executeTakeFirst();
  return row ? { balance: Number(row.balance), lock: Number(row.lock_balance) } : null;
}

export interface LogRow {
  userId: number;
  kind: string;
  amount: number;
  balanceAfter: number;
  lockAmount: number;
  lockAfter: number;
  refType: string | null;
  refId: number | null;
  memo: string | null;
  now: number;
}

export async function insertLog(trx: Db, row: LogRow): Promise<void> {
  await trx
    .insertInto('account_logs')
    .values({
      user_id: row.userId,
      type: row.kind,
      amount: row.amount,
      balance_after: row.balanceAfter,
      lock_amount: row.lockAmount,
      lock_after: row.lockAfter,
      ref_type: row.refType,
      ref_id: row.refId,
      memo: row.memo,
      created_at: row.now,
    })
    .execute();
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

/** When the user's last log row of `type` was written (epoch ms), or null if there is none. */
export async function lastLogTime(db: Db, userId: number, type: string): Promise<number | null> {
  const row = await db
    .selectFrom('account_logs')
    .select((eb) => eb.fn.max<number | string | null>('created_at').as('at'))
    .where('user_id', '=', userId)
    .where('type', '=', type)
    .executeTakeFirstOrThrow();
  return row.at === null ? null : Number(row.at);
}

/** Σ of a user's log (balance and lock moves): what the account must equal. */
export async function sumAccountLog(db: Db, userId: number): Promise<{ amount: number; lock: number }> {
  const row = await db
    .selectFrom('account_logs')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number | string>('amount'), sql<number>`0`).as('amount'),
      eb.fn.coalesce(eb.fn.sum<number | string>('lock_amount'), sql<number>`0`).as('lock'),
    ])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return { amount: Number(row.amount), lock: Number(row.lock) };
}
