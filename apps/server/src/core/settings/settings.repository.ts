import type { Db } from '../db/database.js';

/** Only this file reads and writes `settings`. Functions take `db` or a transaction first. */

export function allSettings(db: Db) {
  return db.selectFrom('settings').selectAll().execute();
}

export async function upsertSetting(db: Db, key: string, value: string): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}
