import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db, WithdrawalTable } from '../../../core/db/database.js';
import { transitionStatus } from '../../../core/db/status-transition.js';
import { pageOf } from '../../../core/db/paging.js';

/** Only this file touches `withdrawals`. */

export type WithdrawalRow = Selectable<WithdrawalTable>;

export function insertWithdrawal(db: Db, row: Insertable<WithdrawalTable>): Promise<WithdrawalRow> {
  return db.insertInto('withdrawals').values(row).returningAll().executeTakeFirstOrThrow();
}

export function findWithdrawal(db: Db, id: number): Promise<WithdrawalRow | undefined> {
  return db.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Moves the row out of `from` only if it is still there (core/db/status-transition.ts). */
export function transitionWithdrawal(
  db: Db,
  id: number,
  from: number,
  changes: Updateable<WithdrawalTable>,
): Promise<WithdrawalRow | undefined> {
  return transitionStatus(db, 'withdrawals', id, from, changes);
}

/** One page of a user's withdrawals of a type, newest first, with the currency's code. */
export async function pageWithdrawals(db: Db, userId: number, type: number, page: number, size: number) {
  const base = db
    .selectFrom('withdrawals')
    .where('withdrawals.user_id', '=', userId)
    .where('withdrawals.type', '=', type);
  const rows = base
    .innerJoin('withdraw_currencies', 'withdraw_currencies.id', 'withdrawals.draw_currency_id')
    .selectAll('withdrawals')
    .select([
      'withdraw_currencies.code as currency_code',
      'withdraw_currencies.protocol as currency_protocol',
    ])
    .orderBy('withdrawals.id', 'desc');
  return pageOf(rows, size, (page - 1) * size);
}

/** Σ amount of a user's withdrawals still under review (what lock_balance must equal). */
export async function sumPendingWithdrawals(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('withdrawals')
    .select((eb) => eb.fn.sum<number | string | null>('amount').as('total'))
    .where('user_id', '=', userId)
    .where('status', '=', 0)
    .executeTakeFirstOrThrow();
  return Number(row.total ?? 0);
}

/** The code of a withdrawal currency (USDT, USD …), for its withdrawals-in-transit account. */
export async function currencyCode(db: Db, currencyId: number): Promise<string> {
  const row = await db
    .selectFrom('withdraw_currencies')
    .select('code')
    .where('id', '=', currencyId)
    .executeTakeFirst();
  return row?.code ?? String(currencyId);
}

/** Σ amount of the withdrawals under review, by user (what each lock_balance must equal). */
export async function pendingWithdrawalsByUser(db: Db): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('withdrawals')
    .select((eb) => ['user_id', eb.fn.sum<number | string>('amount').as('held')])
    .where('status', '=', 0)
    .groupBy('user_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.user_id), Number(r.held)]));
}
