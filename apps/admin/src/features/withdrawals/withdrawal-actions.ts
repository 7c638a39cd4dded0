import {
  adminApproveWithdrawalEndpoint,
  adminRejectWithdrawalEndpoint,
  DrawType,
  WithdrawStatus,
  type AdminWithdrawal,
} from '@pipwise/shared';
import type { TFunction } from 'i18next';
import type { ReviewAction } from '@/components/review/types';
import { DRAW_TYPE, labelOf } from '@/lib/labels';
import { apiCall } from '@/lib/api-call';

/** Lists a decision on a withdrawal makes stale: the queue, the dashboard, the trader's account. */
export const WITHDRAWAL_STALE = ['/api/admin/withdrawals/', '/api/admin/dashboard', '/api/admin/users/'];

export const awaitsDecision = (w: Pick<AdminWithdrawal, 'status'>) => w.status === WithdrawStatus.Pending;

export const paysToAddress = (w: Pick<AdminWithdrawal, 'type'>) => w.type === DrawType.Coin;

/** What the operator pays, in the currency: "98.50 USDT". */
export const payout = (w: Pick<AdminWithdrawal, 'real_number' | 'currency_code'>): string =>
  `${w.real_number} ${w.currency_code}`;

/** How it is paid, in the list: "Coin · USDT TRC20", "Bank · EUR". */
export const method = (t: TFunction, w: Pick<AdminWithdrawal, 'type' | 'currency_code' | 'protocol'>) =>
  `${labelOf(t, DRAW_TYPE, w.type)} · ${w.currency_code}${w.protocol ? ` ${w.protocol}` : ''}`;

/** Reject and release (with the note the trader reads), mark as paid. */
export function withdrawalActions(t: TFunction, w: AdminWithdrawal): ReviewAction[] {
  return [
    {
      key: 'reject',
      kind: 'reason',
      testId: 'withdrawal-reject',
      label: t('admin_app.withdrawals.reject'),
      look: 'danger',
      reason: { label: t('admin_app.withdrawals.note'), help: t('admin_app.withdrawals.note_help') },
      call: (notes) => apiCall(adminRejectWithdrawalEndpoint, { id: w.id, notes }),
    },
    {
      key: 'approve',
      kind: 'confirm',
      testId: 'withdrawal-approve',
      label: t('admin_app.withdrawals.approve'),
      look: 'primary',
      question: t('admin_app.withdrawals.approve_confirm', { amount: payout(w) }),
      call: () => apiCall(adminApproveWithdrawalEndpoint, { id: w.id }),
    },
  ];
}
