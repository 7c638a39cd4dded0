import { adminApproveIdentityEndpoint, adminRejectIdentityEndpoint, ReviewStatus } from '@pipwise/shared';
import { describe, expect, it } from 'vitest';
import { apiCall } from '@/lib/api-call';
import { approveAction, awaitsDecision, rejectAction, staleAfterDecision } from './review-actions';

const queue = { name: 'identity', awaiting: ReviewStatus.Review };
const reason = { label: 'Reason', help: 'The trader sees this reason' };

describe('the decisions every queue offers', () => {
  it('a rejection is a red refusal keyed and test-id’d by its queue, carrying the queue’s texts and call', () => {
    const reject = rejectAction(queue, {
      label: 'Reject',
      reason,
      call: (text) => apiCall(adminRejectIdentityEndpoint, { id: 12, reason: text }),
    });
    expect(reject).toMatchObject({
      key: 'reject',
      kind: 'reason',
      testId: 'identity-reject',
      look: 'danger',
      label: 'Reject',
      reason,
    });
    expect(reject.call('Blurred')).toEqual({
      endpoint: adminRejectIdentityEndpoint,
      input: { id: 12, reason: 'Blurred' },
    });
  });

  it('an approval is the primary button behind the queue’s question', () => {
    const approve = approveAction(queue, {
      label: 'Verify',
      question: 'Verify Amira Haddad?',
      call: () => apiCall(adminApproveIdentityEndpoint, { id: 12 }),
    });
    expect(approve).toMatchObject({
      key: 'approve',
      kind: 'confirm',
      testId: 'identity-approve',
      look: 'primary',
      label: 'Verify',
      question: 'Verify Amira Haddad?',
    });
    expect(approve.call()).toEqual({ endpoint: adminApproveIdentityEndpoint, input: { id: 12 } });
  });

  it('what must not differ between queues cannot be overridden by a queue', () => {
    const decision = {
      label: 'Verify',
      question: '?',
      call: () => apiCall(adminApproveIdentityEndpoint, { id: 1 }),
    };
    const sneaky = { ...decision, look: 'default', testId: 'other' } as typeof decision;
    expect(approveAction(queue, sneaky)).toMatchObject({ look: 'primary', testId: 'identity-approve' });
  });

  it('a row awaits a decision only in the status its queue waits on', () => {
    expect(awaitsDecision(queue, { status: ReviewStatus.Review })).toBe(true);
    for (const status of [ReviewStatus.None, ReviewStatus.Verified, ReviewStatus.Rejected]) {
      expect(awaitsDecision(queue, { status })).toBe(false);
    }
  });

  it('a decision makes stale its queue, the dashboard’s counts and the trader’s account', () => {
    expect(staleAfterDecision({ lists: '/api/admin/identity/' })).toEqual([
      '/api/admin/identity/',
      '/api/admin/dashboard',
      '/api/admin/users/',
    ]);
  });
});
