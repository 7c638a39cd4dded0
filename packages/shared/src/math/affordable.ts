import { Dec, type DecimalInput } from './decimal.js';
import { tradeFee } from './fee.js';
import { marginRequired } from './margin.js';
import { lots, type Lots } from './units.js';
import { finite, positive } from './validate.js';

/** What opening `lots` would cost, with the pair's margin and fee rules (margin.ts, fee.ts). */
export interface OrderCostInput {
  contractSize: DecimalInput;
  /** `MarginMode` of the pair: 1 fixed, anything else leveraged. */
  marginMode: number;
  /** Not read in fixed mode. */
  leverage: DecimalInput;
  /** USD value of one unit of the base at the order's price (rates.ts `baseToUsd`). */
  baseToUsd: DecimalInput;
  /** getBasicInfo `trade_fee_type`: 1 per lot, otherwise a share of margin. */
  tradeFeeType: number;
  /** The pair's `ForexFeeRate`. */
  feeRate: DecimalInput;
}

/**
 * Margin + fee of an order of `lots`, USD: what free margin must cover for the server to
 * accept it (the server refuses with errors.insufficient_margin when free margin < this).
 */
export function orderCost({ lots, ...pair }: OrderCostInput & { lots: Lots | Dec }): Dec {
  const margin = marginRequired({ lots, ...pair });
  return margin.plus(tradeFee({ tradeFeeType: pair.tradeFeeType, lots, feeRate: pair.feeRate, margin }));
}

/** One lot, the unit a first guess is priced at. */
const ONE_LOT = lots(1);

/** Each of margin and fee is rounded to 6 decimals, so a guess from the cost of one lot may be a step off. */
const MAX_CORRECTIONS = 8;

/**
 * The most lots, a whole number of `step`s and at most `max`, whose margin + fee free
 * margin covers: floor(freeMargin / cost of one lot / step) × step, then checked against
 * the exact `orderCost` (rounding can move it by a step). 0 when not even `min` is
 * affordable (or free margin is ≤ 0). Exact decimals throughout, like the server.
 */
export function maxAffordableLots({
  freeMargin,
  step,
  min,
  max,
  ...pair
}: OrderCostInput & {
  freeMargin: DecimalInput;
  /** The lot step (`Pip`). */
  step: Lots | Dec;
  /** The minimum lots (`ForexMinCont`). */
  min: Lots | Dec;
  /** An upper bound on lots (the server's per-order limit), if any. */
  max?: Lots | Dec;
}): Dec {
  const free = finite('freeMargin', freeMargin);
  const s = positive('step', step);
  const lowest = finite('min', min);
  if (!free.gt(0)) return new Dec(0);
  const cost = (steps: Dec) => orderCost({ lots: steps.mul(s), ...pair });
  const perLot = orderCost({ lots: ONE_LOT, ...pair });
  let n = free.div(perLot).div(s).floor();
  const cap = max === undefined ? null : finite('max', max).div(s).floor();
  if (cap && n.gt(cap)) n = cap;
  for (let i = 0; i < MAX_CORRECTIONS && n.gt(0) && cost(n).gt(free); i++) n = n.minus(1);
  for (let i = 0; i < MAX_CORRECTIONS && !(cap && n.gte(cap)) && cost(n.plus(1)).lte(free); i++)
    n = n.plus(1);
  if (n.gt(0) && cost(n).gt(free)) return new Dec(0); // too far off to correct: claim nothing
  const lots = n.mul(s);
  return lots.gt(0) && lots.gte(lowest) ? lots : new Dec(0);
}
