import { DEPOSIT_AMOUNT_RANGE } from '@pipwise/shared';
import { amountForWire, type AmountProblem } from './amount-text';

export type DepositProblem = AmountProblem | 'proof_required' | 'proof_uploading';

export interface DepositFields {
  amount: string;
  proof: { url: string | null; uploading: boolean };
}

/**
 * A deposit form before it is sent: the amount (the channel's currency, up to 8 decimals)
 * and the proof image, which must have finished uploading. First problem wins.
 */
export function checkDeposit(
  fields: DepositFields,
):
  | { ok: true; number: string; proofImg: string }
  | { ok: false; problem: DepositProblem; field: 'amount' | 'proof' } {
  const amount = amountForWire(fields.amount, DEPOSIT_AMOUNT_RANGE);
  if ('problem' in amount) return { ok: false, problem: amount.problem, field: 'amount' };
  if (fields.proof.uploading) return { ok: false, problem: 'proof_uploading', field: 'proof' };
  if (!fields.proof.url) return { ok: false, problem: 'proof_required', field: 'proof' };
  return { ok: true, number: amount.value, proofImg: fields.proof.url };
}
