import {
  adminApproveIdentityEndpoint,
  adminRejectIdentityEndpoint,
  ReviewStatus,
  type AdminIdentity,
} from '@pipwise/shared';
import type { TFunction } from 'i18next';
import { approveAction, rejectAction } from '@/components/review/review-actions';
import type { ReviewAction, ReviewQueue } from '@/components/review/types';
import { apiCall } from '@/lib/api-call';
import { IDENTITY_STATUS } from '@/lib/labels';

/** Identity submissions await a decision while under review. */
export const IDENTITY_QUEUE: ReviewQueue<AdminIdentity> = {
  name: 'identity',
  statuses: IDENTITY_STATUS,
  awaiting: ReviewStatus.Review,
  lists: '/api/admin/identity/',
  actions: identityActions,
};

/** Reject (with the reason the trader reads), verify. */
export function identityActions(t: TFunction, i: AdminIdentity): ReviewAction[] {
  const reason = { label: t('admin_app.identity.reason'), help: t('admin_app.identity.reason_help') };
  return [
    rejectAction(IDENTITY_QUEUE, {
      label: t('admin_app.identity.reject'),
      reason,
      call: (text) => apiCall(adminRejectIdentityEndpoint, { id: i.id, reason: text }),
    }),
    approveAction(IDENTITY_QUEUE, {
      label: t('admin_app.identity.approve'),
      question: t('admin_app.identity.approve_confirm', { name: i.name }),
      call: () => apiCall(adminApproveIdentityEndpoint, { id: i.id }),
    }),
  ];
}
