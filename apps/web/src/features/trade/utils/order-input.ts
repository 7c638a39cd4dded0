import { lots as asLots, lotsProblem, MarginMode, type TradePair } from '@pipwise/shared';
// Relative, not @/: the unit tests run in Node without the app's path alias.
import { stopValue } from '../../../lib/decimal-text';
import { positiveDecimal } from './order-estimate';

export type OrderProblem =
  | { key: 'errors.no_leverage' }
  | { key: 'errors.leverage_required' }
  | { key: 'errors.lots_below_min'; min: number }
  | { key: 'errors.lots_step'; step: number }
  | { key: 'trading.lots_required' }
  | { key: 'trading.enter_price' }
  | { key: 'trading.stops_invalid' };

export interface OrderFields {
  mode: 'market' | 'pending';
  lots: string;
  leverage: number | null;
  targetPrice: string;
  takeProfit: string;
  stopLoss: string;
}

/** Leverage is chosen from the pair's list, unless its margin is fixed (docs/product.md §3). */
export function needsLeverage(pair: Pick<TradePair, 'MarginMode'>): boolean {
  return pair.MarginMode !== MarginMode.Fixed;
}

/** A leveraged pair with no leverage configured cannot be traded (docs/product.md §5). */
export function leverageMissing(pair: Pick<TradePair, 'MarginMode' | 'HasForexMultiple'>): boolean {
  return needsLeverage(pair) && pair.HasForexMultiple.length === 0;
}

/**
 * What blocks a submit, in the order the trader would fix it (docs/product.md §5): no leverage
 * configured, none chosen, lots missing or off the pair's grid, a pending order without a
 * price, a stop that is not a number ≥ 0. Null when the order may go to the server, which
 * checks the rest (market hours, margin, stop sides).
 */
export function orderProblem(
  pair: Pick<TradePair, 'MarginMode' | 'HasForexMultiple' | 'Pip' | 'ForexMinCont'>,
  fields: OrderFields,
): OrderProblem | null {
  if (leverageMissing(pair)) return { key: 'errors.no_leverage' };
  if (needsLeverage(pair) && !pair.HasForexMultiple.some((m) => m.Value === fields.leverage)) {
    return { key: 'errors.leverage_required' };
  }
  const lots = positiveDecimal(fields.lots);
  if (!lots) return { key: 'trading.lots_required' };
  const problem = lotsProblem({ lots, step: asLots(pair.Pip), min: asLots(pair.ForexMinCont) });
  if (problem === 'below_min' || problem === 'not_positive') {
    return { key: 'errors.lots_below_min', min: pair.ForexMinCont };
  }
  if (problem === 'not_multiple') return { key: 'errors.lots_step', step: pair.Pip };
  if (fields.mode === 'pending' && !positiveDecimal(fields.targetPrice))
    return { key: 'trading.enter_price' };
  if (stopValue(fields.takeProfit) === 'invalid' || stopValue(fields.stopLoss) === 'invalid') {
    return { key: 'trading.stops_invalid' };
  }
  return null;
}
