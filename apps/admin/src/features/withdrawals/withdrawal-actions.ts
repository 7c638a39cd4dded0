import {
  adminApproveWithdrawalEndpoint,
  adminRejectWithdrawalEndpoint,
  DrawType,
  PAYOUT_REFERENCE_MAX,
  payoutReferenceProblem,
  WithdrawStatus,
  type AdminWithdrawal,
} from '@pipwise/shared';
import type { TFunction } from 'i18next';
import { approveWithEntry, rejectAction } from '@/components/review/review-actions';
import type { ReviewAction, ReviewQueue } from '@/components/review/types';
import { DRAW_TYPE, labelOf, WITHDRAWAL_STATUS } from '@/lib/labels';
import { apiCall } from '@/lib/api-call';

/** Withdrawals await a decision while pending. */
export const WITHDRAWAL_QUEUE: ReviewQueue<AdminWithdrawal> = {
  name: 'withdrawal',
  statuses: WITHDRAWAL_STATUS,
  awaiting: WithdrawStatus.Pending,
  lists: '/api/admin/withdrawals/',
  actions: withdrawalActions,
};

export const paysToAddress = (w: Pick<AdminWithdrawal, 'type'>) => w.type === DrawType.Coin;

/** What the operator pays, in the currency: "98.50 USDT". */
export const payout = (w: Pick<AdminWithdrawal, 'real_number' | 'currency_code'>): string =>
  `${w.real_number} ${w.currency_code}`;

/** How it is paid, in the list: "Coin · USDT TRC20", "Bank · EUR". */
export const method = (t: TFunction, w: Pick<AdminWithdrawal, 'type' | 'currency_code' | 'protocol'>) =>
  `${labelOf(t, DRAW_TYPE, w.type)} · ${w.currency_code}${w.protocol ? ` ${w.protocol}` : ''}`;

/**
 * What the payout reference field says of a value as typed (the contract's own check,
 * `payoutReferenceProblem`): nothing, "required", or the rule it breaks.
 */
export function payoutReferenceMessage(t: TFunction, typed: string): string | null {
  const problem = payoutReferenceProblem(typed);
  if (problem === 'required') return t('admin_app.common.required');
  return problem ? t('admin_app.withdrawals.reference_invalid') : null;
}

/**
 * Reject and release (with the note the trader reads), mark as paid — with the payout's
 * reference, the bank transfer's or the chain's transaction id, which the trader sees.
 */
export function withdrawalActions(t: TFunction, w: AdminWithdrawal): ReviewAction[] {
  const note = { label: t('admin_app.withdrawals.note'), help: t('admin_app.withdrawals.note_help') };
  return [
    rejectAction(WITHDRAWAL_QUEUE, {
      label: t('admin_app.withdrawals.reject'),
      reason: note,
      call: (notes) => apiCall(adminRejectWithdrawalEndpoint, { id: w.id, notes }),
    }),
    approveWithEntry(WITHDRAWAL_QUEUE, {
      label: t('admin_app.withdrawals.approve'),
      question: t('admin_app.withdrawals.approve_confirm', { amount: payout(w) }),
      field: {
        label: t('admin_app.withdrawals.reference'),
        help: t('admin_app.withdrawals.reference_help'),
        maxLength: PAYOUT_REFERENCE_MAX,
        problem: (typed) => payoutReferenceMessage(t, typed),
      },
      call: (reference) => apiCall(adminApproveWithdrawalEndpoint, { id: w.id, payout_reference: reference }),
    }),
  ];
}
