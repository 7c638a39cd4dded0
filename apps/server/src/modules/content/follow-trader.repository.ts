import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db, FollowTraderTable } from '../../core/db/database.js';

/** Only this file reads and writes `follow_traders`. Functions take `db` or a transaction first. */

export type FollowTraderRow = Selectable<FollowTraderTable>;

/** The ranking: enabled traders in the operators' order. */
export function listEnabledTraders(db: Db, limit: number): Promise<FollowTraderRow[]> {
  return db
    .selectFrom('follow_traders')
    .selectAll()
    .where('enabled', '=', 1)
    .orderBy('sort')
    .orderBy('id')
    .limit(limit)
    .execute();
}

export function listAllTraders(db: Db): Promise<FollowTraderRow[]> {
  return db.selectFrom('follow_traders').selectAll().orderBy('sort').orderBy('id').execute();
}

export function findTrader(db: Db, id: number): Promise<FollowTraderRow | undefined> {
  return db.selectFrom('follow_traders').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertTrader(db: Db, row: Insertable<FollowTraderTable>): Promise<number> {
  const inserted = await db
    .insertInto('follow_traders')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export async function updateTrader(db: Db, id: number, values: Updateable<FollowTraderTable>): Promise<void> {
  await db.updateTable('follow_traders').set(values).where('id', '=', id).execute();
}

/** False when there was no such trader. */
export async function deleteTrader(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('follow_traders').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function hasAnyTrader(db: Db): Promise<boolean> {
  return (await db.selectFrom('follow_traders').select('id').limit(1).executeTakeFirst()) !== undefined;
}
