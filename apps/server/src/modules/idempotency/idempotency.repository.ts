import type { Db } from '../../core/db/database.js';

/** Only this file touches `idempotency_keys`. */

export function findKey(db: Db, userId: number, scope: string, key: string) {
  return db
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'response'])
    .where('user_id', '=', userId)
    .where('scope', '=', scope)
    .where('key', '=', key)
    .executeTakeFirst();
}

export async function insertKey(
  db: Db,
  row: { userId: number; scope: string; key: string; requestHash: string; response: string; now: number },
): Promise<void> {
  await db
    .insertInto('idempotency_keys')
    .values({
      user_id: row.userId,
      scope: row.scope,
      key: row.key,
      request_hash: row.requestHash,
      response: row.response,
      created_at: row.now,
    })
    .execute();
}

/** Keys older than `before` (housekeeping: a retry comes within minutes, not weeks). */
export async function deleteKeysBefore(db: Db, before: number): Promise<number> {
  const result = await db.deleteFrom('idempotency_keys').where('created_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
