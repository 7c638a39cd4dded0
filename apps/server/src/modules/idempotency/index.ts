/** Idempotency keys: a retried call answers as the first one did (docs/api.md "Idempotency"). */
export { IDEMPOTENCY_TTL_MS, deleteExpiredKeys, once } from './idempotency.js';
export type { IdempotencyRequest } from './idempotency.js';
