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

/** A user's open positions (what their margin and floating profit are made of). */
export function listOpenPositions(db: Db, userId: number): Promise<OrderRow[]> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '=', OrderStatus.Holding)
    .orderBy('id')
    .execute();
}

/** A user's live orders (pending and holding), for the engine's index of one account. */
export function listUserLiveOrders(db: Db, userId: number): Promise<OrderRow[]> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', 'in', [OrderStatus.Pending, OrderStatus.Holding])
    .orderBy('id')
    .execute();
}

/** Every live order (pending or holding), for the engine to rebuild its index. */
export function listLiveOrders(db: Db): Promise<OrderRow[]> {
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

/**
 * Σ realised profit of a user's closed orders (history tab total); with `since`, only those
 * closed from then on and not by the demo reset itself (docs/api.md "Trading").
 */
export async function sumClosedProfit(db: Db, userId: number, since: number | null = null): Promise<number> {
  let query = db
    .selectFrom('orders')
    .select((eb) => eb.fn.sum<number | string | null>('profit').as('total'))
    .where('user_id', '=', userId)
    .where('status', '=', OrderStatus.Closed);
  if (since !== null)
    query = query
      .where('closed_at', '>=', since)
      .where((eb) => eb.or([eb('close_reason', 'is', null), eb('close_reason', '!=', 'demo_reset')]));
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.total ?? 0);
}

/** When the user's last order closed for `reason` (epoch ms), or null if none did. */
export async function lastClosedFor(db: Db, userId: number, reason: string): Promise<number | null> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.max<number | string | null>('closed_at').as('at'))
    .where('user_id', '=', userId)
    .where('close_reason', '=', reason)
    .executeTakeFirstOrThrow();
  return row.at === null ? null : Number(row.at);
}

/**
 * Moves an order from one status to another only if it is still in the first one, so a
 * double close or a close racing a trigger changes it once. Returns the row as it is now,
 * or undefined when it had already moved on.
 */
export function transitionOrder(
  db: Db,
  id: number,
  from: number,
  changes: Partial<Insertable<OrderTable>>,
): Promise<OrderRow | undefined> {
  return db
    .updateTable('orders')
    .set(changes)
    .where('id', '=', id)
    .where('status', '=', from)
    .returningAll()
    .executeTakeFirst();
}

/** Sets TP/SL of an order that is still in `status`; the row as it is now. */
export function setStops(
  db: Db,
  id: number,
  status: number,
  stops: { tp: number | null; sl: number | null },
): Promise<OrderRow | undefined> {
  return db
    .updateTable('orders')
    .set(stops)
    .where('id', '=', id)
    .where('status', '=', status)
    .returningAll()
    .executeTakeFirst();
}

/** Whether the user has any position left open (negative balance protection waits for none). */
export async function hasOpenPosition(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('orders')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', '=', OrderStatus.Holding)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
