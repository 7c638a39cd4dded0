import type { DrawCurrency, DrawMethod } from '@pipwise/shared';
import { exactAmount } from './exact-amount';
import { methodSummary } from './method-summary';
import type { WithdrawEstimate } from './withdraw-estimate';

/** What the confirmation sheet shows before a withdrawal is requested. */
export interface WithdrawSummary {
  /** USD requested (held from the balance). */
  amount: string;
  /** USD, every decimal the fee has. */
  fee: string;
  /** What arrives, in `currency`. */
  arrival: string;
  currency: string;
  /** Where it is paid: the coin and network with the address shortened, or the bank. */
  to: { title: string; detail: string; code: boolean };
}

/**
 * The form's own figures (utils/withdraw-estimate.ts, the shared withdrawFee/withdrawArrival
 * the server charges with) as exact text; null while the amount is not a valid one.
 */
export function withdrawSummary(
  estimate: WithdrawEstimate,
  currency: Pick<DrawCurrency, 'code'>,
  method: DrawMethod,
): WithdrawSummary | null {
  const { amount, fee, arrival } = estimate;
  if (!amount || !fee || !arrival || estimate.problem) return null;
  return {
    amount: exactAmount(amount),
    fee: exactAmount(fee),
    arrival: exactAmount(arrival),
    currency: currency.code,
    to: methodSummary(method),
  };
}
