import type { Insertable, Selectable } from 'kysely';
import type { AnnouncementTable, Db } from '../../core/db/database.js';

/** Only this file reads and writes `announcements`. Functions take `db` or a transaction first. */

export type AnnouncementRow = Selectable<AnnouncementTable>;

export function findAnnouncement(db: Db, lang: string): Promise<AnnouncementRow | undefined> {
  return db.selectFrom('announcements').selectAll().where('lang', '=', lang).executeTakeFirst();
}

export function allAnnouncements(db: Db): Promise<AnnouncementRow[]> {
  return db.selectFrom('announcements').selectAll().orderBy('lang').execute();
}

export async function upsertAnnouncement(db: Db, row: Insertable<AnnouncementTable>): Promise<void> {
  const { lang: _lang, ...changes } = row;
  await db
    .insertInto('announcements')
    .values(row)
    .onConflict((oc) => oc.column('lang').doUpdateSet(changes))
    .execute();
}

export async function hasAnyAnnouncement(db: Db): Promise<boolean> {
  return (await db.selectFrom('announcements').select('lang').limit(1).executeTakeFirst()) !== undefined;
}
