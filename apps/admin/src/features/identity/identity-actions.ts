import {
  adminApproveIdentityEndpoint,
  adminRejectIdentityEndpoint,
  ReviewStatus,
  type AdminIdentity,
} from '@pipwise/shared';
import type { TFunction } from 'i18next';
import type { ReviewAction } from '@/components/review/types';
import { apiCall } from '@/lib/api-call';

/** Lists a decision on an identity makes stale: the queue, the dashboard, the trader's profile. */
export const IDENTITY_STALE = ['/api/admin/identity/', '/api/admin/dashboard', '/api/admin/users/'];

export const awaitsDecision = (i: Pick<AdminIdentity, 'status'>) => i.status === ReviewStatus.Review;

/** Reject (with the reason the trader reads), verify. */
export function identityActions(t: TFunction, i: AdminIdentity): ReviewAction[] {
  return [
    {
      key: 'reject',
      kind: 'reason',
      testId: 'identity-reject',
      label: t('admin_app.identity.reject'),
      look: 'danger',
      reason: { label: t('admin_app.identity.reason'), help: t('admin_app.identity.reason_help') },
      call: (reason) => apiCall(adminRejectIdentityEndpoint, { id: i.id, reason }),
    },
    {
      key: 'approve',
      kind: 'confirm',
      testId: 'identity-approve',
      label: t('admin_app.identity.approve'),
      look: 'primary',
      question: t('admin_app.identity.approve_confirm', { name: i.name }),
      call: () => apiCall(adminApproveIdentityEndpoint, { id: i.id }),
    },
  ];
}
