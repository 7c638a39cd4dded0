import { sql } from 'kysely';
import type { Db } from '../../../core/db/database.js';

/** A trader's starred instruments' ids, in the order starred. */
export async function listFavourites(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('favourites')
    .select('instrument_id')
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('instrument_id')
    .execute();
  return rows.map((r) => Number(r.instrument_id));
}

/**
 * Stars an instrument unless the trader already has `max`: one statement, so the count and
 * the insert see the same rows (two of the trader's requests racing may pass `max` by one
 * each at most; the limit is against a script, not a money rule). Whether it is starred now.
 */
export async function addFavourite(
  db: Db,
  row: { user_id: number; instrument_id: number; created_at: number },
  max: number,
): Promise<boolean> {
  // SQLite needs the WHERE to tell the upsert clause from the SELECT's own syntax.
  await sql`INSERT INTO favourites (user_id, instrument_id, created_at)
    SELECT ${row.user_id}, ${row.instrument_id}, ${row.created_at}
    WHERE (SELECT count(*) FROM favourites WHERE user_id = ${row.user_id}) < ${max}
    ON CONFLICT (user_id, instrument_id) DO NOTHING`.execute(db);
  const held = await db
    .selectFrom('favourites')
    .select('instrument_id')
    .where('user_id', '=', row.user_id)
    .where('instrument_id', '=', row.instrument_id)
    .executeTakeFirst();
  return held !== undefined;
}

export async function removeFavourite(db: Db, userId: number, instrumentId: number): Promise<void> {
  await db
    .deleteFrom('favourites')
    .where('user_id', '=', userId)
    .where('instrument_id', '=', instrumentId)
    .execute();
}
