import { type CommissionTerms } from '../domain/trading-groups.js';
import { commissionCharge } from './commission.js';
import { Dec, type DecimalInput } from './decimal.js';
import { tradeFee } from './fee.js';
import { marginRequired } from './margin.js';
import { notionalUsd } from './notional.js';
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
  /** The account's commission terms on the pair (docs/trading-groups.md); none when absent. */
  commission?: CommissionTerms | undefined;
}

/**
 * Margin + fee + the open's commission of an order of `lots`, USD: what free margin must
 * cover for the server to accept it (the server refuses with errors.insufficient_margin when
 * free margin < this).
 */
export function orderCost({ lots, ...pair }: OrderCostInput & { lots: Lots | Dec }): Dec {
  const margin = marginRequired({ lots, ...pair });
  const fee = tradeFee({ tradeFeeType: pair.tradeFeeType, lots, feeRate: pair.feeRate, margin });
  if (!pair.commission) return margin.plus(fee);
  const notional = notionalUsd({ lots, contractSize: pair.contractSize, baseToUsd: pair.baseToUsd });
  return margin.plus(fee).plus(commissionCharge({ terms: pair.commission, lots, notionalUsd: notional }));
}

/** One lot, the unit a first guess is priced at. */
const ONE_LOT = lots(1);

/**
 * The most lots, a whole number of `step`s and at most `max`, whose margin + fee + commission
 * free margin covers. The cost of one lot gives a first guess (floor(freeMargin / cost of
 * one lot / step) steps); the exact `orderCost` then settles it, galloping from the guess and
 * halving between the last count that fits and the first that does not. Costs only grow with
 * the lots, but not in proportion: each figure is rounded, and a commission's minimum weighs
 * on small orders more than on one lot, so the guess may be many steps off. 0 when not even
 * `min` is affordable (or free margin is ≤ 0). Exact decimals throughout, like the server.
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
  const fits = (steps: Dec) => steps.isZero() || !orderCost({ lots: steps.mul(s), ...pair }).gt(free);
  const cap = max === undefined ? null : finite('max', max).div(s).floor();
  let guess = free
    .div(orderCost({ lots: ONE_LOT, ...pair }))
    .div(s)
    .floor();
  if (cap && guess.gt(cap)) guess = cap;
  const n = largestFitting(fits, guess, cap);
  const lots = n.mul(s);
  return lots.gt(0) && lots.gte(lowest) ? lots : new Dec(0);
}

/**
 * The largest count in [0, cap] for which `fits` holds, given that it holds for 0 and, once
 * it fails, fails for every larger count: gallops from `guess` (doubling the stride) to
 * bracket the answer, then halves the bracket. A good guess costs two or three looks.
 */
export function largestFitting(fits: (n: Dec) => boolean, guess: Dec, cap: Dec | null): Dec {
  let low: Dec; // fits
  let high: Dec | null; // does not fit (null: not found yet)
  if (fits(guess)) {
    low = guess;
    high = null;
    for (let stride = new Dec(1); high === null; stride = stride.mul(2)) {
      if (cap && low.gte(cap)) return low;
      const next = cap ? Dec.min(guess.plus(stride), cap) : guess.plus(stride);
      if (fits(next)) low = next;
      else high = next;
    }
  } else {
    high = guess;
    low = new Dec(0);
    for (let stride = new Dec(1); guess.minus(stride).gt(0); stride = stride.mul(2)) {
      const next = guess.minus(stride);
      if (fits(next)) {
        low = next;
        break;
      }
      high = next;
    }
  }
  while (high.minus(low).gt(1)) {
    const middle = low.plus(high).div(2).floor();
    if (fits(middle)) low = middle;
    else high = middle;
  }
  return low;
}
