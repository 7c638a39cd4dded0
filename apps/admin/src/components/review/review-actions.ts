import type { ConfirmAction, EntryAction, ReasonAction, ReviewQueue } from './types';

/**
 * What a decision means in every review queue alike: when one is offered, what it makes
 * stale, and the reject and approve buttons. A queue names its own texts and calls; these
 * add what must not differ from one queue to the next — the key, the kind, the look and
 * the test id (`<queue>-reject`, `<queue>-approve`).
 */

/**
 * Lists a decision makes stale: its queue's own, the dashboard's counts, and the trader's
 * account (a balance, a verified identity) — whichever queue it was taken in.
 */
export const staleAfterDecision = (queue: Pick<ReviewQueue<unknown>, 'lists'>): string[] => [
  queue.lists,
  '/api/admin/dashboard',
  '/api/admin/users/',
];

/** The row is still in the status its queue waits on: only then is a decision offered. */
export const awaitsDecision = (queue: Pick<ReviewQueue<unknown>, 'awaiting'>, row: { status: number }) =>
  row.status === queue.awaiting;

/** Refusing the row (red): the operator writes the reason the trader will read, then it is sent. */
export function rejectAction(
  queue: Pick<ReviewQueue<unknown>, 'name'>,
  decision: Pick<ReasonAction, 'label' | 'reason' | 'call'>,
): ReasonAction {
  return { ...decision, key: 'reject', kind: 'reason', testId: `${queue.name}-reject`, look: 'danger' };
}

/** Approving the row (primary), behind a question that names what it moves (the amount, the name). */
export function approveAction(
  queue: Pick<ReviewQueue<unknown>, 'name'>,
  decision: Pick<ConfirmAction, 'label' | 'question' | 'call'>,
): ConfirmAction {
  return { ...decision, key: 'approve', kind: 'confirm', testId: `${queue.name}-approve`, look: 'primary' };
}

/**
 * Approving the row (primary) with a value typed first, under the question (a paid
 * withdrawal's payout reference). The confirmation's field is `<queue>-approve-input`.
 */
export function approveWithEntry(
  queue: Pick<ReviewQueue<unknown>, 'name'>,
  decision: Pick<EntryAction, 'label' | 'question' | 'field' | 'call'>,
): EntryAction {
  return { ...decision, key: 'approve', kind: 'entry', testId: `${queue.name}-approve`, look: 'primary' };
}
