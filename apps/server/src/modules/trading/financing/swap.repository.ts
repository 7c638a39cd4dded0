import { microUsd, type MicroUsd, OrderStatus } from '@pipwise/shared';
import { sql } from 'kysely';
import type { Db } from '../../../core/db/database.js';
import type { OrderRow } from '../order.repository.js';
import type { Rollover } from './rollover-calendar.js';

/** What the rollover reads of a position it may owe a charge. */
export interface OwedPosition {
  id: number;
  user_id: number;
  instrument_id: number;
  side: number;
  lots: string;
}

/** The instant of the last rollover run to its end, or null before the first. */
export async function lastFinishedRollover(db: Db): Promise<number | null> {
  const row = await db
    .selectFrom('rollovers')
    .select((eb) => eb.fn.max<number | string | null>('rollover_at').as('at'))
    .where('finished_at', 'is not', null)
    .executeTakeFirst();
  return row?.at === null || row?.at === undefined ? null : Number(row.at);
}

/** Notes that a rollover's run began (once: a second engine finds the row and carries on). */
export async function beginRollover(db: Db, r: Rollover, now: number): Promise<void> {
  await db
    .insertInto('rollovers')
    .values({ trading_day: r.tradingDay, rollover_at: r.at, started_at: now })
    .onConflict((oc) => oc.column('trading_day').doNothing())
    .execute();
}

/** Marks a rollover done, with what its charges came to. */
export async function finishRollover(db: Db, r: Rollover, now: number): Promise<void> {
  const sums = await db
    .selectFrom('swap_charges')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('positions'),
      eb.fn.sum<number | string | null>('amount').as('total'),
    ])
    .where('trading_day', '=', r.tradingDay)
    // Not the markers a partial close carried over (carryChargedNights): no charge of their own.
    .where('nights', '>', 0)
    .executeTakeFirstOrThrow();
  await db
    .updateTable('rollovers')
    .set({
      finished_at: now,
      positions: Number(sums.positions),
      total: microUsd(Number(sums.total ?? 0)),
    })
    .where('trading_day', '=', r.tradingDay)
    .execute();
}

/**
 * Positions that were open at the rollover and have no charge for its day yet, after
 * `afterId`, in id order: open now, or closed since (an engine catching up still charges a
 * position held over that night). Only on `instrumentIds`, the ones charging nights that day.
 */
export function positionsOwed(
  db: Db,
  r: Rollover,
  instrumentIds: readonly number[],
  afterId: number,
  limit: number,
): Promise<OwedPosition[]> {
  if (instrumentIds.length === 0) return Promise.resolve([]);
  return (
    db
      .selectFrom('orders as o')
      .select(['o.id', 'o.user_id', 'o.instrument_id', 'o.side', 'o.lots'])
      .where((eb) =>
        eb.or([
          eb('o.status', '=', OrderStatus.Holding),
          eb.and([eb('o.status', '=', OrderStatus.Closed), eb('o.closed_at', '>', r.at)]),
        ]),
      )
      .where('o.opened_at', '<', r.at)
      // Opened in a swap-free group: never charged nor paid (docs/trading-groups.md).
      .where('o.swap_free', '=', 0)
      .where('o.instrument_id', 'in', instrumentIds)
      .where('o.id', '>', afterId)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('swap_charges as c')
              .select(sql<number>`1`.as('one'))
              .whereRef('c.order_id', '=', 'o.id')
              .where('c.trading_day', '=', r.tradingDay),
          ),
        ),
      )
      .orderBy('o.id')
      .limit(limit)
      .execute()
      .then((rows) => rows.map((row) => ({ ...row, id: Number(row.id), user_id: Number(row.user_id) })))
  );
}

/** Whether the position, as it stands now, was open at the rollover. */
export function heldOver(order: Pick<OrderRow, 'status' | 'opened_at' | 'closed_at'>, r: Rollover): boolean {
  if (order.opened_at === null || order.opened_at >= r.at) return false;
  if (order.status === OrderStatus.Holding) return true;
  return order.status === OrderStatus.Closed && order.closed_at !== null && order.closed_at > r.at;
}

/**
 * The durable marker: one row per position and trading day, in the charge's own
 * transaction. False when the day is already charged (another engine, an earlier run).
 */
export async function recordCharge(
  trx: Db,
  charge: { orderId: number; r: Rollover; userId: number; nights: number; amount: MicroUsd; now: number },
): Promise<boolean> {
  const result = await trx
    .insertInto('swap_charges')
    .values({
      order_id: charge.orderId,
      trading_day: charge.r.tradingDay,
      user_id: charge.userId,
      nights: charge.nights,
      amount: charge.amount,
      charged_at: charge.now,
    })
    .onConflict((oc) => oc.columns(['order_id', 'trading_day']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/**
 * A partial close's part (docs/money.md "Partial close and close all") was held over every
 * night its position was charged, and carries its share of that financing in `swap`: the
 * position's markers are copied to it, with no amount and no nights of their own (a
 * day's total and count leave them out), so a rollover that catches up on one of those days
 * does not charge the part again.
 */
export async function carryChargedNights(trx: Db, fromOrderId: number, toOrderId: number): Promise<void> {
  const days = await trx
    .selectFrom('swap_charges')
    .select(['trading_day', 'user_id', 'charged_at'])
    .where('order_id', '=', fromOrderId)
    .execute();
  if (days.length === 0) return;
  await trx
    .insertInto('swap_charges')
    .values(
      days.map((d) => ({
        order_id: toOrderId,
        trading_day: d.trading_day,
        user_id: d.user_id,
        nights: 0,
        amount: microUsd(0),
        charged_at: d.charged_at,
      })),
    )
    .onConflict((oc) => oc.columns(['order_id', 'trading_day']).doNothing())
    .execute();
}

/** Adds a charge to the position's financing so far; the row as it is now. */
export async function addSwap(trx: Db, orderId: number, amount: MicroUsd): Promise<OrderRow> {
  return trx
    .updateTable('orders')
    .set((eb) => ({ swap: eb('swap', '+', amount) }))
    .where('id', '=', orderId)
    .returningAll()
    .executeTakeFirstOrThrow();
}
