import {
  adminApproveDepositEndpoint,
  adminInvalidateDepositEndpoint,
  adminRejectDepositEndpoint,
  ChargeStatus,
  type AdminDeposit,
} from '@pipwise/shared';
import type { TFunction } from 'i18next';
import { approveAction, awaitsDecision, rejectAction } from '@/components/review/review-actions';
import type { ReviewAction, ReviewQueue } from '@/components/review/types';
import { formatUsd } from '@/lib/format';
import { apiCall } from '@/lib/api-call';
import { DEPOSIT_STATUS } from '@/lib/labels';

/** Deposits await a decision while unchecked. */
export const DEPOSIT_QUEUE: ReviewQueue<AdminDeposit> = {
  name: 'deposit',
  statuses: DEPOSIT_STATUS,
  awaiting: ChargeStatus.Unchecked,
  lists: '/api/admin/deposits/',
  actions: depositActions,
};

/** The USD of a deposit in the list: what was credited once finished, else what it would credit. */
export const listedUsd = (d: Pick<AdminDeposit, 'status' | 'credited' | 'usd_estimate'>): number =>
  d.status === ChargeStatus.Finished ? d.credited : d.usd_estimate;

/** The USD line of the review: what approving now credits while it waits, then what it credited. */
export function creditLine(t: TFunction, d: AdminDeposit): { label: string; amount: string } {
  return awaitsDecision(DEPOSIT_QUEUE, d)
    ? { label: t('admin_app.deposits.would_credit'), amount: formatUsd(d.usd_estimate) }
    : { label: t('admin_app.deposits.credited'), amount: formatUsd(d.credited) };
}

/** What was declared: "150.5 USDT", with its network in the list ("150.5 USDT (TRC20)"). */
export const declared = (d: Pick<AdminDeposit, 'number' | 'currency_code' | 'protocol_code'>): string =>
  `${d.number} ${d.currency_code}${d.protocol_code ? ` (${d.protocol_code})` : ''}`;

/** Mark invalid, reject (each with the remark the trader reads), approve and credit. */
export function depositActions(t: TFunction, d: AdminDeposit): ReviewAction[] {
  const remark = { label: t('admin_app.deposits.remark'), help: t('admin_app.deposits.remark_help') };
  return [
    {
      key: 'invalidate',
      kind: 'reason',
      testId: 'deposit-invalidate',
      label: t('admin_app.deposits.invalidate'),
      look: 'default',
      reason: remark,
      call: (text) => apiCall(adminInvalidateDepositEndpoint, { id: d.id, remark: text }),
    },
    rejectAction(DEPOSIT_QUEUE, {
      label: t('admin_app.deposits.reject'),
      reason: remark,
      call: (text) => apiCall(adminRejectDepositEndpoint, { id: d.id, remark: text }),
    }),
    approveAction(DEPOSIT_QUEUE, {
      label: t('admin_app.deposits.approve'),
      question: t('admin_app.deposits.approve_confirm', { amount: formatUsd(d.usd_estimate) }),
      call: () => apiCall(adminApproveDepositEndpoint, { id: d.id }),
    }),
  ];
}
