import type { PendingKind } from '@pipwise/shared';

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
  lots: string;
  lotUnits: bigint;
  leverage: number;
  openPrice: number;
  tp: number | null;
  sl: number | null;
  margin: number;
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
  lots: string;
  lotUnits: bigint;
  leverage: number;
  targetPrice: number;
  tp: number | null;
  sl: number | null;
  kind: PendingKind;
  createdAt: number;
}

/** What a trigger book entry stands for. */
export interface TriggerEntry {
  kind: 'tp' | 'sl' | 'pending';
  orderId: number;
  userId: number;
}

/** "0.50" → 5000n lot units; throws on more than 4 decimals. */
export function toLotUnits(lots: string): bigint {
  const [whole = '0', frac = ''] = lots.split('.');
  if (frac.length > 4) throw new RangeError(`lots ${lots} has more than 4 decimals`);
  return BigInt(whole) * LOT_SCALE + BigInt(frac.padEnd(4, '0'));
}
