import type { Db } from '../../core/db/database.js';

/** Only this file reads and writes `rate_hits`. Functions take `db` or a transaction first. */

/** The times of the newest `max` hits of a key since `since`, newest first. */
export async function recentHits(
  db: Db,
  hit: { bucket: string; key: string; since: number; max: number },
): Promise<number[]> {
  const rows = await db
    .selectFrom('rate_hits')
    .select('at')
    .where('bucket', '=', hit.bucket)
    .where('key', '=', hit.key)
    .where('at', '>', hit.since)
    .orderBy('at', 'desc')
    .limit(hit.max)
    .execute();
  return rows.map((r) => Number(r.at));
}

/** Records a hit; its id lets the one hit be taken back (deleteHit). */
export async function insertHit(db: Db, hit: { bucket: string; key: string; at: number }): Promise<number> {
  const row = await db.insertInto('rate_hits').values(hit).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function deleteHit(db: Db, id: number): Promise<void> {
  await db.deleteFrom('rate_hits').where('id', '=', id).execute();
}

export async function deleteHits(db: Db, bucket: string, key: string): Promise<void> {
  await db.deleteFrom('rate_hits').where('bucket', '=', bucket).where('key', '=', key).execute();
}

export async function deleteHitsBefore(db: Db, cutoff: number): Promise<void> {
  await db.deleteFrom('rate_hits').where('at', '<', cutoff).execute();
}
