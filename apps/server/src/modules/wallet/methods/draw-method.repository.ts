import type { Insertable, Selectable } from 'kysely';
import type { Db, WithdrawMethodTable } from '../../../core/db/database.js';

/** Only this file touches `withdraw_methods` (the withdrawal code reads one through findOwnMethod). */

export type DrawMethodRow = Selectable<WithdrawMethodTable>;

/** A bound method with its currency's code and network, as the trader sees it. */
export type DrawMethodWithCurrency = DrawMethodRow & { currency_code: string; currency_protocol: string };

/** A user's bound method that has not been removed, or undefined (also for another user's id). */
export function findOwnMethod(db: Db, userId: number, id: number): Promise<DrawMethodRow | undefined> {
  return db
    .selectFrom('withdraw_methods')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** Whether a withdrawal under review (status 0) was requested to this method. */
export async function hasPendingWithdrawal(db: Db, methodId: number): Promise<boolean> {
  const row = await db
    .selectFrom('withdrawals')
    .select('id')
    .where('draw_method_id', '=', methodId)
    .where('status', '=', 0)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** A user's bound methods of a type (optionally of one currency), newest first. */
export function listOwnMethods(
  db: Db,
  userId: number,
  type: number,
  currencyId?: number,
): Promise<DrawMethodWithCurrency[]> {
  let query = db
    .selectFrom('withdraw_methods')
    .innerJoin('withdraw_currencies', 'withdraw_currencies.id', 'withdraw_methods.draw_currency_id')
    .selectAll('withdraw_methods')
    .select([
      'withdraw_currencies.code as currency_code',
      'withdraw_currencies.protocol as currency_protocol',
    ])
    .where('withdraw_methods.user_id', '=', userId)
    .where('withdraw_methods.type', '=', type)
    .where('withdraw_methods.deleted_at', 'is', null);
  if (currencyId !== undefined) query = query.where('withdraw_methods.draw_currency_id', '=', currencyId);
  return query.orderBy('withdraw_methods.id', 'desc').execute();
}

/** How many methods of a type a user has bound (and not removed). */
export async function countOwnMethods(db: Db, userId: number, type: number): Promise<number> {
  const row = await db
    .selectFrom('withdraw_methods')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('type', '=', type)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The same destination already bound to the same currency by this user (not removed). */
export function findSameMethod(
  db: Db,
  userId: number,
  currencyId: number,
  destination: { dc_address: string; payee_account: string },
): Promise<DrawMethodRow | undefined> {
  return db
    .selectFrom('withdraw_methods')
    .selectAll()
    .where('user_id', '=', userId)
    .where('draw_currency_id', '=', currencyId)
    .where('dc_address', '=', destination.dc_address)
    .where('payee_account', '=', destination.payee_account)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export function insertMethod(db: Db, row: Insertable<WithdrawMethodTable>): Promise<DrawMethodRow> {
  return db.insertInto('withdraw_methods').values(row).returningAll().executeTakeFirstOrThrow();
}

/** Marks a user's method removed; false when it was not theirs or already removed. */
export async function softDeleteMethod(db: Db, userId: number, id: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('withdraw_methods')
    .set({ deleted_at: now })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
