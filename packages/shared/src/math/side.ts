import { Side, type SideValue } from '../domain/orders.js';
import { type Dec } from './decimal.js';
import { type Price } from './units.js';

/** A trade's direction: the app's words or the API's `OrderType` (1 buy, 2 sell). */
export type TradeSide = 'buy' | 'sell' | SideValue;

/** A current two-sided price: quoted prices, or exact decimals computed from them. */
export interface BidAsk {
  bid: Price | Dec;
  ask: Price | Dec;
}

/** true for a buy (`'buy'` or 1), false for a sell (`'sell'` or 2); RangeError otherwise. */
export function isBuy(side: TradeSide): boolean {
  if (side === 'buy' || side === Side.Buy) return true;
  if (side === 'sell' || side === Side.Sell) return false;
  throw new RangeError(`side must be 'buy', 'sell', 1 or 2, got ${String(side)}`);
}
