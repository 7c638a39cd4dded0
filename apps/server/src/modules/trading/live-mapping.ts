import {
  MOVE_PERCENT_MAX,
  MOVE_WINDOWS,
  OrderStatus,
  type PendingKind,
  microUsd,
  type MicroUsd,
  points,
} from '@pipwise/shared';
import { AppError } from '../../core/app-error.js';
import type { PositionLike } from './account-figures.js';
import type { AlertRow } from './alerts/alert.repository.js';
import { toLotUnits, type LiveAlert, type LivePending, type LivePosition } from './live-order.js';
import type { OrderRow, PositionFields } from './order.repository.js';

/**
 * Lot sizes already judged: every order's margin check reads each open position, and an
 * account's positions share a few sizes ("0.01", "0.10"). Bounded; past it, judged anew.
 */
const readableLots = new Map<string, boolean>();
const READABLE_LOTS_MAX = 10_000;

/** Whether a stored row's lots can be traded on (a hand-edited row may hold anything). */
function readable(row: Pick<OrderRow, 'lots'>): boolean {
  const known = readableLots.get(row.lots);
  if (known !== undefined) return known;
  let ok: boolean;
  try {
    toLotUnits(row.lots);
    ok = true;
  } catch {
    ok = false;
  }
  if (readableLots.size < READABLE_LOTS_MAX) readableLots.set(row.lots, ok);
  return ok;
}

/**
 * An open order row as the figures price it. A row that cannot be read (set aside at
 * start, docs/money.md "The engine's memory is an index") is refused with a clear error.
 */
export function positionOf(row: PositionFields): PositionLike {
  if (!readable(row)) throw AppError.rule('errors.order_unreadable');
  return {
    id: Number(row.id),
    instrumentId: row.instrument_id,
    side: row.side === 1 ? 1 : 2,
    lots: row.lots,
    openPrice: row.open_price ?? points(0),
    margin: row.margin,
    groupMarkup: markupOf(row),
  };
}

/**
 * Open position rows as the figures take them: the readable ones priced, the margin of
 * unreadable ones still counted (it is held), but never traded on by a stop-out.
 */
export function positionsOf(rows: readonly PositionFields[]): {
  positions: PositionLike[];
  unpricedMargin: MicroUsd;
} {
  const positions: PositionLike[] = [];
  let unpricedMargin = microUsd(0);
  for (const row of rows) {
    if (readable(row)) positions.push(positionOf(row));
    else unpricedMargin = microUsd(unpricedMargin + row.margin);
  }
  return { positions, unpricedMargin };
}

/**
 * An order's group markup; a row from an instance that predates it (an event during a rolling
 * upgrade) carries none, which is what the column's default says.
 */
function markupOf(row: Pick<OrderRow, 'group_markup'>): number {
  const markup = row.group_markup as number | undefined;
  return markup === undefined ? 0 : Number(markup);
}

/** What an open and a pending order hold alike, read from the row. */
function liveFields(row: OrderRow) {
  return {
    id: Number(row.id),
    userId: Number(row.user_id),
    instrumentId: row.instrument_id,
    side: row.side === 1 ? (1 as const) : (2 as const),
    lots: row.lots,
    lotUnits: toLotUnits(row.lots),
    leverage: row.leverage,
    tp: row.tp,
    sl: row.sl,
    groupMarkup: markupOf(row),
    createdAt: row.created_at,
  };
}

/** An open order row as the engine's position; throws RangeError on a row it cannot hold. */
export function positionFromRow(row: OrderRow): LivePosition {
  if (row.status !== OrderStatus.Holding || row.open_price === null)
    throw new RangeError(`order ${row.id} is not open`);
  return {
    ...liveFields(row),
    openPrice: row.open_price,
    trailing: row.trailing_points ? Number(row.trailing_points) : null,
    margin: row.margin,
    fee: row.fee,
    openedAt: row.opened_at ?? row.created_at,
  };
}

const PENDING_KINDS: ReadonlySet<string> = new Set(['buy_limit', 'buy_stop', 'sell_limit', 'sell_stop']);

/** A pending order row as the engine's pending order; throws RangeError on a row it cannot hold. */
export function pendingFromRow(row: OrderRow): LivePending {
  if (
    row.status !== OrderStatus.Pending ||
    row.target_price === null ||
    !PENDING_KINDS.has(row.pending_kind ?? '')
  )
    throw new RangeError(`order ${row.id} is not a valid pending order`);
  return {
    ...liveFields(row),
    targetPrice: row.target_price,
    kind: row.pending_kind as PendingKind,
  };
}

/** An armed alert row as the engine's alert; throws RangeError on a row it cannot hold. */
export function alertFromRow(row: AlertRow): LiveAlert {
  if (row.fired_at !== null) throw new RangeError(`alert ${row.id} has fired`);
  const common = { id: Number(row.id), userId: Number(row.user_id), instrumentId: Number(row.instrument_id) };
  // A row from an instance that predates move alerts carries no kind: a price alert.
  if ((row.kind as string | undefined) === 'move') {
    const window = MOVE_WINDOWS.find((w) => w === row.move_window);
    const hundredths = Number(row.move_hundredths);
    if ((row.direction !== 'up' && row.direction !== 'down') || !window)
      throw new RangeError(`move alert ${row.id} has no direction or window`);
    if (!Number.isInteger(hundredths) || hundredths < 1 || hundredths > MOVE_PERCENT_MAX * 100)
      throw new RangeError(`move alert ${row.id} has no percentage`);
    return { ...common, kind: 'move', direction: row.direction, window, hundredths };
  }
  if (row.direction !== 'above' && row.direction !== 'below')
    throw new RangeError(`alert ${row.id} has no direction`);
  return { ...common, direction: row.direction, level: points(Number(row.level)) };
}
