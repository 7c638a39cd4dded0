/**
 * Every money action of the app goes through `useSubmission` (docs/money.md "One tap, one
 * action"): the order submit, close, cancel, TP/SL, withdraw, deposit, bind, demo reset.
 * The hook is shared with the back office (@pipwise/client/react).
 */
export { useSubmission, type Submission, type SubmissionHandlers } from '@pipwise/client/react';

/** The header that carries a submission's key. */
export const idempotencyHeaders = (key: string): Record<string, string> => ({ 'Idempotency-Key': key });
