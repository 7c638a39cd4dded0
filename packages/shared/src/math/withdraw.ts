import { BALANCE_DECIMALS } from '../constants.js';
import { Dec, type DecimalInput } from './decimal.js';
import { roundMoney } from './money.js';
import { finite, nonNegative } from './validate.js';

/** Withdraw `fee_type` 1: a fixed fee equal to `draw_rate`; any other value: a rate. */
export const WITHDRAW_FEE_FIXED = 1;

/**
 * Withdrawal fee, 6 decimals half up (docs/product.md §5):
 * - `feeType` 1: drawRate (fixed);
 * - otherwise: amount × drawRate.
 * RangeError when amount or drawRate is negative.
 */
export function withdrawFee({
  amount,
  feeType,
  drawRate,
}: {
  amount: DecimalInput;
  feeType: number;
  drawRate: DecimalInput;
}): Dec {
  const rate = nonNegative('drawRate', drawRate);
  const a = nonNegative('amount', amount);
  return roundMoney(feeType === WITHDRAW_FEE_FIXED ? rate : a.mul(rate));
}

/**
 * Estimated arrival (docs/product.md §5): max(0, round((amount − fee) × usdPrice, 2)), half up, where
 * usdPrice is the withdrawal currency's USD rate. A fee above the amount gives 0.
 */
export function withdrawArrival({
  amount,
  fee,
  usdPrice,
}: {
  amount: DecimalInput;
  fee: DecimalInput;
  usdPrice: DecimalInput;
}): Dec {
  const net = nonNegative('amount', amount)
    .minus(nonNegative('fee', fee))
    .mul(nonNegative('usdPrice', usdPrice))
    .toDecimalPlaces(BALANCE_DECIMALS, Dec.ROUND_HALF_UP);
  return net.gt(0) ? net : new Dec(0);
}

/**
 * What can be withdrawn now, USD (docs/money.md "Deposits and withdrawals"): the smaller of
 * the available balance (balance − held) and free margin, so open positions never lose the
 * margin they stand on; never below zero. The server's `withdrawable`, from the figures the
 * app shows live.
 */
export function withdrawableAmount({
  balance,
  held,
  freeMargin,
}: {
  balance: DecimalInput;
  held: DecimalInput;
  freeMargin: DecimalInput;
}): Dec {
  const available = finite('balance', balance).minus(nonNegative('held', held));
  const amount = Dec.min(available, finite('freeMargin', freeMargin));
  return amount.gt(0) ? amount : new Dec(0);
}
