import {
  Dec,
  decimalPlaces,
  lots as asLots,
  lotsProblem,
  MarginMode,
  points as asPoints,
  pointsToPrice,
  type Lots,
  type PendingKind,
  type Points,
} from '@pipwise/shared';
import { AppError } from '../../core/app-error.js';
import type { Instrument } from '../market/index.js';
import type { OrderTerms } from './groups/order-terms.js';
import { LOT_DECIMALS } from './live-order.js';

/** The server-side order checks (docs/api.md "Trading"), as pure functions. */

/**
 * Lots: at least ForexMinCont and a whole number of Pip steps. The contract's decimal text,
 * once it passes, is the order's volume: returned as `Lots`.
 */
export function checkLots(inst: Instrument, text: string): Lots & string {
  const lots = asLots(text);
  const problem = lotsProblem({ lots, min: inst.minLots, step: inst.lotStep });
  // Lots are held as integer 1/10,000 lots (live-order.ts); finer steps are never configured.
  if (decimalPlaces(lots) > LOT_DECIMALS) throw AppError.rule('errors.lots_step', { step: inst.lotStep });
  if (problem === 'not_positive' || problem === 'below_min')
    throw AppError.rule('errors.lots_below_min', { min: inst.minLots });
  if (problem === 'not_multiple') throw AppError.rule('errors.lots_step', { step: inst.lotStep });
  if (new Dec(lots).gt(1000)) throw AppError.rule('errors.lots_too_many', { max: 1000 });
  return lots;
}

/**
 * The lots of a partial close (docs/money.md "Partial close and close all"), as the contract
 * parsed them (a canonical decimal > 0): a whole number of the pair's lot steps, fewer than
 * the position holds, and leaving at least the pair's minimum open. Returned as `Lots`.
 */
export function checkCloseLots(inst: Instrument, positionLots: Lots, text: string): Lots & string {
  const part = asLots(text);
  const held = new Dec(positionLots);
  if (decimalPlaces(part) > LOT_DECIMALS || !new Dec(part).mod(inst.lotStep).isZero())
    throw AppError.rule('errors.lots_step', { step: inst.lotStep });
  if (new Dec(part).gte(held)) throw AppError.rule('errors.close_lots_all', { lots: held.toFixed() });
  if (held.minus(part).lt(inst.minLots)) {
    // The most that can close: what leaves the minimum open, down to the step's grid.
    const most = held.minus(inst.minLots).div(inst.lotStep).floor().mul(inst.lotStep);
    if (most.lte(0))
      throw AppError.rule('errors.close_part_too_small', { lots: held.toFixed(), min: inst.minLots });
    throw AppError.rule('errors.close_lots_rest', { min: inst.minLots, max: most.toFixed() });
  }
  return part;
}

/**
 * The leverage to use: one of the choices the account's group offers on the pair, within
 * the retail cap (docs/trading-groups.md), or 1 for a fixed-margin pair. Above the cap is
 * refused naming the cap.
 */
export function checkLeverage(
  inst: Instrument,
  multiple: number | undefined,
  terms: Pick<OrderTerms, 'leverages' | 'cap'>,
): number {
  if (inst.marginMode === MarginMode.Fixed) return 1;
  if (terms.leverages.length === 0) throw AppError.rule('errors.no_leverage');
  if (multiple === undefined) throw AppError.rule('errors.leverage_required');
  if (terms.cap !== null && multiple > terms.cap)
    throw AppError.rule('errors.leverage_above_cap', { cap: terms.cap });
  if (!terms.leverages.includes(multiple)) throw AppError.rule('errors.leverage_invalid');
  return multiple;
}

/**
 * A price from the client (a canonical decimal string, range-checked by the contract) as
 * integer points. A price with more decimals than the pair quotes is refused rather than
 * silently rounded.
 */
export function toPoints(inst: Instrument, price: string, field: string): Points {
  const points = new Dec(price).mul(new Dec(10).pow(inst.precision));
  if (!points.isInteger() || points.lte(0) || points.gt(Number.MAX_SAFE_INTEGER))
    throw AppError.rule('errors.price_invalid', { field, decimals: inst.precision });
  return asPoints(points.toNumber());
}

/** A TP/SL value: absent (the contract reads 0 and "" as absent) means none. */
export function optionalPoints(inst: Instrument, price: string | undefined, field: string): Points | null {
  return price === undefined ? null : toPoints(inst, price, field);
}

/** A price as messages show it: the pair's decimals, grouped thousands ("87,530.00"). */
export function formatPoints(inst: Instrument, points: Points): string {
  return pointsToPrice(points, inst.precision).toLocaleString('en-US', {
    minimumFractionDigits: inst.precision,
    maximumFractionDigits: inst.precision,
  });
}

/**
 * Take-profit and stop-loss on the correct side of the reference price (the entry price of
 * a new order, the closing price of an open one): above it for a buy's TP, below for its SL,
 * and the other way round for a sell. The refusal names the side and the price (i18next
 * `context` picks the buy or sell sentence: errors.tp_wrong_side_buy …).
 */
export function checkStops(
  inst: Instrument,
  side: 1 | 2,
  reference: Points,
  tp: Points | null,
  sl: Points | null,
): void {
  const buy = side === 1;
  const tpWrong = tp !== null && (buy ? tp <= reference : tp >= reference);
  const slWrong = sl !== null && (buy ? sl >= reference : sl <= reference);
  if (!tpWrong && !slWrong) return;
  // Formatted only for a refusal: toLocaleString was 4 % of the order path's CPU time when
  // it ran on every order (docs/benchmarks.md "Order path: CPU profile").
  const vars = { context: buy ? 'buy' : 'sell', price: formatPoints(inst, reference) };
  throw AppError.rule(tpWrong ? 'errors.tp_wrong_side' : 'errors.sl_wrong_side', vars);
}

/**
 * Limit or stop, from the target against the current quote: a buy below the ask waits for
 * the price to fall (limit), above it for the price to rise (stop); a sell the other way
 * round against the bid. A target exactly at the price is a limit that fills on the next tick.
 */
export function pendingKind(side: 1 | 2, target: Points, quote: { bid: Points; ask: Points }): PendingKind {
  if (side === 1) return target <= quote.ask ? 'buy_limit' : 'buy_stop';
  return target >= quote.bid ? 'sell_limit' : 'sell_stop';
}

/**
 * A pending order's price (docs/api.md "Trading"), judged the same way when it is placed
 * (submit) and when it is moved (set_pending_price): given at all, in the pair's decimals,
 * TP/SL on the right side of it, the trailing distance (when one is given, 0 meaning none)
 * within half of it, and limit or stop derived against `quote` (the account's, with its
 * markup). Returns the price as points and how it triggers; throws the AppError a refusal is.
 */
export function judgePendingPrice(
  inst: Instrument,
  side: 1 | 2,
  price: string | undefined,
  quote: { bid: Points; ask: Points },
  stops: { tp: Points | null; sl: Points | null; trailing: number | null },
): { target: Points; kind: PendingKind } {
  if (price === undefined)
    throw AppError.rule('errors.price_invalid', { field: 'target_price', decimals: inst.precision });
  const target = toPoints(inst, price, 'target_price');
  checkStops(inst, side, target, stops.tp, stops.sl);
  if (stops.trailing) checkTrailing(inst, stops.trailing, target);
  return { target, kind: pendingKind(side, target, quote) };
}

/**
 * A trailing stop's distance (points) checked against the position's closing price: at most
 * half of it, so the stop it sets stays a positive price (docs/notifications.md "Trailing
 * stops"). The contract has already made it a whole number of points ≥ 1.
 */
export function checkTrailing(inst: Instrument, distance: number, closing: Points): number {
  const max = Math.floor(closing / 2);
  if (distance > max)
    throw AppError.rule('errors.trailing_too_far', { max: formatPoints(inst, asPoints(max)) });
  return distance;
}

/**
 * The stop-loss a trailing stop sets from the closing price `closing`: the distance behind it
 * (below for a buy, above for a sell), or the stop-loss already set when that is tighter.
 */
export function trailedStop(side: 1 | 2, closing: Points, distance: number, sl: Points | null): Points {
  const trailed = asPoints(side === 1 ? closing - distance : closing + distance);
  if (sl === null) return trailed;
  return side === 1 ? asPoints(Math.max(sl, trailed)) : asPoints(Math.min(sl, trailed));
}
