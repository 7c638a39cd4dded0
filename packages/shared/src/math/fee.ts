import { type Dec, type DecimalInput } from './decimal.js';
import { roundMoney } from './money.js';
import { type Lots } from './units.js';
import { nonNegative, positive } from './validate.js';

/** `trade_fee_type` 1: the fee is a fixed amount per lot; any other value: a share of margin. */
export const TRADE_FEE_PER_LOT = 1;

/**
 * Trading fee charged when a position opens, USD, 6 decimals half up (docs/product.md §5):
 * - `tradeFeeType` 1: lots × feeRate (feeRate = USD per lot);
 * - otherwise: margin × feeRate (feeRate = a fraction of the margin).
 *
 * `margin` is the position's margin from `marginRequired`; it is not read for type 1.
 * RangeError unless lots > 0, feeRate ≥ 0 and (for the margin type) margin ≥ 0.
 */
export function tradeFee({
  tradeFeeType,
  lots,
  feeRate,
  margin,
}: {
  tradeFeeType: number;
  lots: Lots | Dec;
  /** The pair's `ForexFeeRate`. */
  feeRate: DecimalInput;
  margin: DecimalInput;
}): Dec {
  const rate = nonNegative('feeRate', feeRate);
  const l = positive('lots', lots);
  if (tradeFeeType === TRADE_FEE_PER_LOT) return roundMoney(l.mul(rate));
  return roundMoney(nonNegative('margin', margin).mul(rate));
}
