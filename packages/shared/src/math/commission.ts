import { Dec, type DecimalInput } from './decimal.js';
import { roundMoney } from './money.js';
import { type Lots } from './units.js';
import { nonNegative, positive } from './validate.js';
import { type CommissionTerms } from '../domain/trading-groups.js';

/**
 * The commission of one side of a trade, USD, 6 decimals half up (docs/trading-groups.md
 * "Commission"): `per_lot` lots × rate; `per_million` notional × rate / 1,000,000; never below
 * the minimum; `none` nothing. Charged when the position opens and again when it closes,
 * with the terms it opened with, the close's notional at the close price.
 */
export function commissionCharge({
  terms,
  lots,
  notionalUsd,
}: {
  terms: CommissionTerms;
  lots: Lots | Dec;
  /** The side's notional in USD (notionalUsd); read only for `per_million`. */
  notionalUsd: DecimalInput;
}): Dec {
  if (terms.type === 'none') return new Dec(0);
  const rate = nonNegative('commission rate', terms.rate);
  const counted =
    terms.type === 'per_lot'
      ? positive('lots', lots).mul(rate)
      : nonNegative('notionalUsd', notionalUsd).mul(rate).div(1_000_000);
  return roundMoney(Dec.max(counted, nonNegative('commission min', terms.min)));
}
