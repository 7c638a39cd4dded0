import { type Lots, type MoveWindow, type PendingKind, type MicroUsd, type Points } from '@pipwise/shared';

/**
 * Lots are held as integer lot units of 1/10,000 lot, so aggregates over thousands of
 * positions stay exact integers (no float ever adds lots up).
 */
export const LOT_SCALE = 10_000n;

/** An open position as the engine keeps it in memory (prices in points, money in micros). */
export interface LivePosition {
  id: number;
  userId: number;
  instrumentId: number;
  side: 1 | 2;
  /** The decimal string as stored ("0.50"). */
  lots: Lots & string;
  lotUnits: bigint;
  leverage: number;
  openPrice: Points;
  tp: Points | null;
  sl: Points | null;
  /** The group markup it carries: its TP/SL and value are at the quote widened by it. */
  groupMarkup: number;
  /** A trailing stop's distance in points (null: none); `sl` is the level it reached. */
  trailing: number | null;
  margin: MicroUsd;
  fee: number;
  createdAt: number;
  openedAt: number;
}

/** A pending order waiting for its price. */
export interface LivePending {
  id: number;
  userId: number;
  instrumentId: number;
  side: 1 | 2;
  lots: Lots & string;
  lotUnits: bigint;
  leverage: number;
  targetPrice: Points;
  tp: Points | null;
  sl: Points | null;
  /** The group markup it carries: it triggers when the quote widened by it reaches the target. */
  groupMarkup: number;
  kind: PendingKind;
  createdAt: number;
}

/** An armed price alert: it fires when the board's bid reaches its level. */
export interface LivePriceAlert {
  id: number;
  userId: number;
  instrumentId: number;
  kind?: 'price';
  direction: 'above' | 'below';
  level: Points;
}

/**
 * An armed move alert: it fires when the board's bid has moved `hundredths` hundredths of a
 * percent up from the window's low, or down from its high (docs/notifications.md).
 */
export interface LiveMoveAlert {
  id: number;
  userId: number;
  instrumentId: number;
  kind: 'move';
  direction: 'up' | 'down';
  window: MoveWindow;
  hundredths: number;
}

/** An armed alert of either kind. */
export type LiveAlert = LivePriceAlert | LiveMoveAlert;

/** What a trigger book entry stands for: an order's TP, SL or pending price, or an alert. */
export interface TriggerEntry {
  kind: 'tp' | 'sl' | 'pending' | 'trail' | 'alert';
  /** The order's id, or the alert's for an alert. */
  orderId: number;
  userId: number;
}

/** Most decimals a lot size may have (1/LOT_SCALE lot); lot steps are kept to it. */
export const LOT_DECIMALS = 4;

/**
 * "0.50" → 5000n lot units ("0.01000" reads as 0.01); throws RangeError on anything that is
 * not a plain decimal with at most LOT_DECIMALS significant decimals.
 */
export function toLotUnits(lots: string): bigint {
  if (!/^\d{1,12}(\.\d{1,20})?$/.test(lots)) throw new RangeError(`lots ${lots} is not a decimal`);
  const [whole = '0', fraction = ''] = lots.split('.');
  const frac = fraction.replace(/0+$/, '');
  if (frac.length > LOT_DECIMALS) throw new RangeError(`lots ${lots} has more than ${LOT_DECIMALS} decimals`);
  return BigInt(whole) * LOT_SCALE + BigInt(frac.padEnd(LOT_DECIMALS, '0'));
}
