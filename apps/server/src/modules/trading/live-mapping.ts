import { OrderStatus, type PendingKind } from '@pipwise/shared';
import { toLotUnits, type LivePending, type LivePosition } from './live-order.js';
import type { OrderRow } from './order.repository.js';

/** An open order row as the engine's position. */
export function positionFromRow(row: OrderRow): LivePosition {
  if (row.status !== OrderStatus.Holding || row.open_price === null)
    throw new Error(`order ${row.id} is not open`);
  return {
    id: Number(row.id),
    userId: Number(row.user_id),
    instrumentId: row.instrument_id,
    side: row.side === 1 ? 1 : 2,
    lots: row.lots,
    lotUnits: toLotUnits(row.lots),
    leverage: row.leverage,
    openPrice: row.open_price,
    tp: row.tp,
    sl: row.sl,
    margin: row.margin,
    fee: row.fee,
    createdAt: row.created_at,
    openedAt: row.opened_at ?? row.created_at,
  };
}

/** A pending order row as the engine's pending order (its kind was fixed when placed). */
export function pendingFromRow(row: OrderRow): LivePending {
  if (row.status !== OrderStatus.Pending || row.target_price === null || !row.pending_kind) {
    throw new Error(`order ${row.id} is not pending`);
  }
  return {
    id: Number(row.id),
    userId: Number(row.user_id),
    instrumentId: row.instrument_id,
    side: row.side === 1 ? 1 : 2,
    lots: row.lots,
    lotUnits: toLotUnits(row.lots),
    leverage: row.leverage,
    targetPrice: row.target_price,
    tp: row.tp,
    sl: row.sl,
    kind: row.pending_kind as PendingKind,
    createdAt: row.created_at,
  };
}
