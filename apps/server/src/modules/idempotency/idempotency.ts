import { createHash } from 'node:crypto';
import { AppError } from '../../core/app-error.js';
import type { AccountTx } from '../../core/money/account-transactions.js';
import type { Db } from '../../core/db/database.js';
import { deleteKeysBefore, findKey, insertKey } from './idempotency.repository.js';

/** An `Idempotency-Key` with what it protects: the call and the (validated) request body. */
export interface IdempotencyRequest {
  scope: string;
  key: string;
  body: unknown;
}

/** Keys are kept this long; a client retries within seconds or minutes. */
export const IDEMPOTENCY_TTL_MS = 7 * 24 * 3600 * 1000;

/** The same body always hashes the same, whatever the order of its fields. */
function hashBody(body: unknown): string {
  const stable = JSON.stringify(body, (_key, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)))
      : value,
  );
  return createHash('sha256')
    .update(stable ?? '')
    .digest('hex');
}

/**
 * Runs `work` once per key (docs/money.md "Idempotency"): inside the user's locked account
 * transaction, so a second request with the key waits for the first and then finds its
 * stored result; the key and the result are written in the same transaction as the change,
 * so a crash leaves either both or neither. The same key with a different body is refused.
 */
export async function once<T>(
  tx: AccountTx,
  request: IdempotencyRequest | undefined,
  work: () => Promise<T>,
): Promise<T> {
  if (!request) return work();
  const requestHash = hashBody(request.body);
  const earlier = await findKey(tx.trx, tx.userId, request.scope, request.key);
  if (earlier) {
    if (earlier.request_hash !== requestHash) throw AppError.rule('errors.idempotency_mismatch');
    return JSON.parse(earlier.response) as T;
  }
  const result = await work();
  await insertKey(tx.trx, {
    userId: tx.userId,
    scope: request.scope,
    key: request.key,
    requestHash,
    response: JSON.stringify(result),
    now: tx.now,
  });
  return result;
}

/** Deletes the keys whose retry window ended (the engine's upkeep calls it hourly). */
export function deleteExpiredKeys(db: Db, now: number): Promise<number> {
  return deleteKeysBefore(db, now - IDEMPOTENCY_TTL_MS);
}
