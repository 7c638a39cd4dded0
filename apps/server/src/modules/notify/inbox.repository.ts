import type { Selectable } from 'kysely';
import type { Db, NoticeTable } from '../../core/db/database.js';
import { pageOf } from '../../core/db/paging.js';

export type NoticeRow = Selectable<NoticeTable>;

export async function insertNotice(
  db: Db,
  notice: { user_id: number; kind: string; data: string; created_at: number; broadcast_id?: number },
): Promise<number> {
  const row = await db.insertInto('notices').values(notice).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function findNotice(db: Db, id: number): Promise<NoticeRow | undefined> {
  return db.selectFrom('notices').selectAll().where('id', '=', id).executeTakeFirst();
}

/** One page of a user's notices, newest first, with the total. */
export function pageNotices(db: Db, userId: number, limit: number, offset: number) {
  return pageOf(
    db.selectFrom('notices').selectAll().where('user_id', '=', userId).orderBy('id', 'desc'),
    limit,
    offset,
  );
}

/** The user's newest stop-out receipts (id and data), newest first. */
export function recentStopOuts(db: Db, userId: number, limit: number) {
  return db
    .selectFrom('notices')
    .select(['id', 'data'])
    .where('user_id', '=', userId)
    .where('kind', '=', 'stop_out')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function latestNotice(db: Db, userId: number): Promise<NoticeRow | undefined> {
  return db
    .selectFrom('notices')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function countUnread(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('notices')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Marks one of the user's notices read, or all of them (no id); only the user's own. */
export async function markRead(db: Db, userId: number, id: number | undefined, now: number): Promise<void> {
  let query = db
    .updateTable('notices')
    .set({ read_at: now })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null);
  if (id !== undefined) query = query.where('id', '=', id);
  await query.execute();
}

/** Where a notice goes: the inbox, or (once written there) each browser with push on. */
export type NoticeChannel = 'inbox' | 'push';

export async function switchedOff(db: Db, userId: number, channel: NoticeChannel): Promise<string[]> {
  const rows = await db
    .selectFrom('notice_switches')
    .select('kind')
    .where('user_id', '=', userId)
    .where('channel', '=', channel)
    .execute();
  return rows.map((r) => r.kind);
}

/** The channels a kind is switched off on, for one user. */
export async function switchesOff(db: Db, userId: number, kind: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('notice_switches')
    .select('channel')
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .execute();
  return new Set(rows.map((r) => r.channel));
}

export async function setSwitch(
  db: Db,
  userId: number,
  kind: string,
  channel: NoticeChannel,
  on: boolean,
): Promise<void> {
  if (on) {
    await db
      .deleteFrom('notice_switches')
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .where('channel', '=', channel)
      .execute();
    return;
  }
  await db
    .insertInto('notice_switches')
    .values({ user_id: userId, kind, channel })
    .onConflict((oc) => oc.columns(['user_id', 'kind', 'channel']).doNothing())
    .execute();
}
