import {
  adminApproveWithdrawalEndpoint,
  adminRejectWithdrawalEndpoint,
  DrawType,
  WithdrawStatus,
  type AdminWithdrawal,
} from '@pipwise/shared';
import type { TFunction } from 'i18next';
import { approveAction, rejectAction } from '@/components/review/review-actions';
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

/** Reject and release (with the note the trader reads), mark as paid. */
export function withdrawalActions(t: TFunction, w: AdminWithdrawal): ReviewAction[] {
  const note = { label: t('admin_app.withdrawals.note'), help: t('admin_app.withdrawals.note_help') };
  return [
    rejectAction(WITHDRAWAL_QUEUE, {
      label: t('admin_app.withdrawals.reject'),
      reason: note,
      call: (notes) => apiCall(adminRejectWithdrawalEndpoint, { id: w.id, notes }),
    }),
    approveAction(WITHDRAWAL_QUEUE, {
      label: t('admin_app.withdrawals.approve'),
      question: t('admin_app.withdrawals.approve_confirm', { amount: payout(w) }),
      call: () => apiCall(adminApproveWithdrawalEndpoint, { id: w.id }),
    }),
  ];
}
