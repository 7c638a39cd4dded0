import { OrderStatus, type CloseReason, type PendingKind } from '@pipwise/shared';
import type { Insertable } from 'kysely';
import type { Db, OrderTable } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { postEntry, postEntryWithFloor } from '../wallet/account.repository.js';
import * as orders from './order.repository.js';
import type { OrderRow } from './order.repository.js';

/**
 * The database side of every order transition: each one is a single transaction holding
 * the order's change and its ledger rows, so money and orders never disagree.
 */

export interface OpenValues {
  openPrice: number;
  margin: number;
  fee: number;
  now: number;
}

/** A market order: inserted open, its fee charged. Null when the balance cannot pay the fee. */
export async function insertOpenOrder(
  db: Db,
  order: Omit<
    Insertable<OrderTable>,
    'status' | 'open_price' | 'margin' | 'fee' | 'opened_at' | 'created_at'
  >,
  values: OpenValues,
): Promise<{ row: OrderRow; balance: number }> {
  return db.transaction().execute(async (trx) => {
    const row = await orders.insertOrder(trx, {
      ...order,
      status: OrderStatus.Holding,
      open_price: values.openPrice,
      margin: values.margin,
      fee: values.fee,
      created_at: values.now,
      opened_at: values.now,
    });
    const balance = await chargeFee(trx, row, values);
    return { row, balance };
  });
}

export async function insertPendingOrder(
  db: Db,
  order: Omit<Insertable<OrderTable>, 'status' | 'created_at' | 'pending_kind'>,
  kind: PendingKind,
  now: number,
): Promise<OrderRow> {
  return orders.insertOrder(db, {
    ...order,
    status: OrderStatus.Pending,
    pending_kind: kind,
    created_at: now,
  });
}

/** A pending order fills: it becomes open at the fill price and its fee is charged. */
export async function fillPendingOrder(
  db: Db,
  orderId: number,
  values: OpenValues,
): Promise<{ row: OrderRow; balance: number } | null> {
  return db.transaction().execute(async (trx) => {
    const moved = await orders.transitionOrder(trx, orderId, OrderStatus.Pending, {
      status: OrderStatus.Holding,
      open_price: values.openPrice,
      margin: values.margin,
      fee: values.fee,
      opened_at: values.now,
    });
    if (!moved) return null;
    const row = await orders.findOrder(trx, orderId);
    if (!row) throw new Error(`order ${orderId} vanished`);
    const balance = await chargeFee(trx, row, values);
    return { row, balance };
  });
}

async function chargeFee(trx: Db, row: OrderRow, values: OpenValues): Promise<number> {
  const balance = await postEntry(trx, {
    userId: Number(row.user_id),
    type: 'trade_fee',
    amount: -values.fee,
    refType: 'order',
    refId: Number(row.id),
    now: values.now,
  });
  // The free-margin check ran before; a balance that still cannot pay rolls everything back.
  if (balance === null) throw AppError.rule('errors.insufficient_margin');
  return balance;
}

/** Closes a position with its realised profit (negative balance protection applies). */
export async function closeOpenOrder(
  db: Db,
  orderId: number,
  userId: number,
  values: { closePrice: number; profit: number; reason: CloseReason; now: number },
): Promise<{ row: OrderRow; balance: number } | null> {
  return db.transaction().execute(async (trx) => {
    const moved = await orders.transitionOrder(trx, orderId, OrderStatus.Holding, {
      status: OrderStatus.Closed,
      close_price: values.closePrice,
      profit: values.profit,
      close_reason: values.reason,
      closed_at: values.now,
    });
    if (!moved) return null;
    const balance = await postEntryWithFloor(trx, {
      userId,
      type: 'trade_profit',
      amount: values.profit,
      refType: 'order',
      refId: orderId,
      now: values.now,
    });
    const row = await orders.findOrder(trx, orderId);
    if (!row) throw new Error(`order ${orderId} vanished`);
    return { row, balance };
  });
}

/** Ends a pending order without filling it. */
export async function cancelPendingOrder(
  db: Db,
  orderId: number,
  reason: CloseReason,
  now: number,
): Promise<OrderRow | null> {
  const moved = await orders.transitionOrder(db, orderId, OrderStatus.Pending, {
    status: OrderStatus.Cancelled,
    close_reason: reason,
    closed_at: now,
  });
  return moved ? ((await orders.findOrder(db, orderId)) ?? null) : null;
}
