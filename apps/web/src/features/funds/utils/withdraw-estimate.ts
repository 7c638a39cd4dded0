import {
  Dec,
  WITHDRAW_AMOUNT_RANGE,
  WITHDRAW_FEE_FIXED,
  withdrawArrival,
  withdrawFee,
  type DrawCurrency,
} from '@pipwise/shared';
import { isDecimalText } from '@/lib/decimal-text';

/** Why the amount cannot be sent yet (the server checks again, with the same rules). */
export type WithdrawProblem =
  'amount_required' | 'amount_invalid' | 'below_minimum' | 'above_withdrawable' | 'below_fee';

export interface WithdrawEstimate {
  /** The amount typed, USD, when it is a number. */
  amount: Dec | null;
  /** The fee, USD: known without an amount when it is fixed. */
  fee: Dec | null;
  /** What arrives, in the currency: (amount − fee) × usd_price, 2 decimals, ≥ 0. */
  arrival: Dec | null;
  problem: WithdrawProblem | null;
}

/**
 * The withdraw form's figures as the trader types (docs/product.md §5), computed by the shared
 * `withdrawFee` / `withdrawArrival` the server charges with, so the screen and the record
 * agree to the cent.
 */
export function estimateWithdraw(
  amountText: string,
  currency: Pick<DrawCurrency, 'fee_type' | 'draw_rate' | 'usd_price' | 'minimum'> | undefined,
  withdrawable: number | undefined,
): WithdrawEstimate {
  const text = amountText.trim();
  const fixedFee =
    currency && currency.fee_type === WITHDRAW_FEE_FIXED
      ? withdrawFee({ amount: 0, feeType: currency.fee_type, drawRate: currency.draw_rate })
      : null;
  if (text === '') return { amount: null, fee: fixedFee, arrival: null, problem: 'amount_required' };

  const amount = parseAmount(text);
  if (!amount) return { amount: null, fee: fixedFee, arrival: null, problem: 'amount_invalid' };
  if (!currency) return { amount, fee: null, arrival: null, problem: null };

  const fee = withdrawFee({ amount, feeType: currency.fee_type, drawRate: currency.draw_rate });
  const arrival = withdrawArrival({ amount, fee, usdPrice: currency.usd_price });
  let problem: WithdrawProblem | null = null;
  if (amount.lt(currency.minimum)) problem = 'below_minimum';
  else if (withdrawable !== undefined && amount.gt(withdrawable)) problem = 'above_withdrawable';
  else if (!amount.gt(fee)) problem = 'below_fee';
  return { amount, fee, arrival, problem };
}

/** A positive USD amount with at most 2 decimals, within the contract's range; else null. */
function parseAmount(text: string): Dec | null {
  if (!isDecimalText(text)) return null;
  const amount = new Dec(text);
  if (!amount.gt(0) || amount.gt(WITHDRAW_AMOUNT_RANGE.max)) return null;
  if (amount.decimalPlaces() > WITHDRAW_AMOUNT_RANGE.maxDecimals) return null;
  return amount;
}
