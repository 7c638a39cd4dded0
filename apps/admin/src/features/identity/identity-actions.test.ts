import {
  adminApproveIdentityEndpoint,
  adminRejectIdentityEndpoint,
  ReviewStatus,
  type AdminIdentity,
} from '@pipwise/shared';
import { describe, expect, it } from 'vitest';
import { awaitsDecision, staleAfterDecision } from '@/components/review/review-actions';
import type { ConfirmAction, ReasonAction } from '@/components/review/types';
import { IDENTITY_STATUS } from '@/lib/labels';
import { t } from '@/test/english';
import { IDENTITY_QUEUE, identityActions } from './identity-actions';

const identity: AdminIdentity = {
  id: 12,
  user_id: 7,
  user_contact: 'amira@example.com',
  uid: '1000007',
  name: 'Amira Haddad',
  card_id: 'P1234567',
  front_pic: '/api/admin/image?name=0123456789abcdef0123456789abcdef.png',
  reverse_pic: '/api/admin/image?name=fedcba9876543210fedcba9876543210.png',
  status: ReviewStatus.Review,
  reason: '',
  reviewed_by: null,
  reviewed_at: null,
  created_at: 1_760_000_000_000,
};

describe('an identity under review', () => {
  const [reject, approve] = identityActions(t, identity) as [ReasonAction, ConfirmAction];

  it('offers reject, then verify', () => {
    expect([reject.key, reject.kind, reject.testId, reject.look, reject.label]).toEqual([
      'reject',
      'reason',
      'identity-reject',
      'danger',
      'Reject',
    ]);
    expect([approve.key, approve.kind, approve.testId, approve.look, approve.label]).toEqual([
      'approve',
      'confirm',
      'identity-approve',
      'primary',
      'Verify',
    ]);
  });

  it('verifying names the person, then verifies that submission', () => {
    expect(approve.question).toBe('Verify the identity of Amira Haddad?');
    expect(approve.call()).toEqual({ endpoint: adminApproveIdentityEndpoint, input: { id: 12 } });
  });

  it('rejecting sends the reason the trader reads', () => {
    expect(reject.reason).toEqual({
      label: 'Reason',
      help: 'The trader sees this reason and can submit again.',
    });
    expect(reject.call('The photo is blurred')).toEqual({
      endpoint: adminRejectIdentityEndpoint,
      input: { id: 12, reason: 'The photo is blurred' },
    });
  });

  it('the queue waits on submissions under review only; a decision refreshes them too', () => {
    expect(IDENTITY_QUEUE).toMatchObject({
      name: 'identity',
      statuses: IDENTITY_STATUS,
      actions: identityActions,
    });
    const waiting = [...IDENTITY_STATUS.keys()].filter((status) =>
      awaitsDecision(IDENTITY_QUEUE, { status }),
    );
    expect(waiting).toEqual([ReviewStatus.Review]);
    expect(staleAfterDecision(IDENTITY_QUEUE)).toContain('/api/admin/identity/');
  });
});
