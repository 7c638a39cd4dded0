import type { Insertable, Selectable } from 'kysely';
import { OrderStatus } from '@pipwise/shared';
import type { Db, OrderTable } from '../../db/database.js';

/** Only this file touches `orders`. Functions take `db` or a transaction first. */

export type OrderRow = Selectable<OrderTable>;

export async function insertOrder(db: Db, order: Insertable<OrderTable>): Promise<OrderRow> {
  return db.insertInto('orders').values(order).returningAll().executeTakeFirstOrThrow();
}

export function findOrder(db: Db, id: number) {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findByIdempotencyKey(db: Db, userId: number, key: string) {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

/** Every live order (pending or holding), for the engine to reload at start. */
export function listLiveOrders(db: Db) {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('status', 'in', [OrderStatus.Pending, OrderStatus.Holding])
    .orderBy('id')
    .execute();
}

/** One page of a user's orders for a tab; history holds closed and cancelled. */
export async function pageUserOrders(db: Db, userId: number, tab: 0 | 1 | 3, page: number, size: number) {
  const statuses = tab === OrderStatus.Closed ? [OrderStatus.Closed, OrderStatus.Cancelled] : [tab];
  const base = db.selectFrom('orders').where('user_id', '=', userId).where('status', 'in', statuses);
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

/** Σ realised profit of a user's closed orders (history tab total). */
export async function sumClosedProfit(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.sum<number | string | null>('profit').as('total'))
    .where('user_id', '=', userId)
    .where('status', '=', OrderStatus.Closed)
    .executeTakeFirstOrThrow();
  return Number(row.total ?? 0);
}

/**
 * Moves an order from one status to another only if it is still in the first one, so a
 * double close or a close racing a trigger changes it once. Returns whether it did.
 */
export async function transitionOrder(
  db: Db,
  id: number,
  from: number,
  changes: Partial<Insertable<OrderTable>>,
): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set(changes)
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function setStops(db: Db, id: number, tp: number | null, sl: number | null): Promise<void> {
  await db.updateTable('orders').set({ tp, sl }).where('id', '=', id).execute();
}
