/**
 * The API client core shared by the traders' app (apps/web) and the back office
 * (apps/admin): typed calls of the shared contract, the envelope, one error type.
 */
export { ApiError, isApiError, type ApiErrorKind } from './api-error.js';
export {
  createCoreClient,
  isEnvelope,
  type CoreClient,
  type CoreClientDeps,
  type CoreHooks,
  type RequestOptions,
} from './core-client.js';
export { newIdempotencyKey } from './idempotency-key.js';
export {
  createSubmissionGate,
  isUnanswered,
  stableFingerprint,
  SUBMISSION_SETTLE_MS,
  type SubmissionGate,
  type SubmissionGateOptions,
  type SubmissionOutcome,
  type SubmissionRunOptions,
  type SubmissionTimers,
} from './submission.js';
export { makeArticleCleaner, safeImageSrc } from './article-html.js';
