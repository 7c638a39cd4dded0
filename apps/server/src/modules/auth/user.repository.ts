import type { Insertable } from 'kysely';
import type { Db, UserTable } from '../../core/db/database.js';

/** Only this file reads and writes `users`. Functions take `db` or a transaction first. */

export function findUserById(db: Db, id: number) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUserByEmail(db: Db, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

/** By E.164 number: the area code and national number together. */
export function findUserByMobile(db: Db, areaCode: string, mobile: string) {
  return db
    .selectFrom('users')
    .selectAll()
    .where('area_code', '=', areaCode)
    .where('mobile', '=', mobile)
    .executeTakeFirst();
}

export function findUserByDemoId(db: Db, demoId: string) {
  return db
    .selectFrom('users')
    .selectAll()
    .where('demo_id', '=', demoId)
    .where('is_demo', '=', 1)
    .executeTakeFirst();
}

export function findUserByInviteCode(db: Db, inviteCode: string) {
  return db
    .selectFrom('users')
    .select(['id', 'is_demo'])
    .where('invite_code', '=', inviteCode)
    .executeTakeFirst();
}

export async function insertUser(db: Db, user: Insertable<UserTable>): Promise<number> {
  const row = await db.insertInto('users').values(user).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function setPasswordHash(db: Db, userId: number, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
}

/** How operators and lists name a user: the public id and the contact they signed up with. */
export interface UserContact {
  uid: string;
  email: string | null;
  area_code: string | null;
  mobile: string | null;
}

/** A user gone from the table (never, while rows point at it) reads as blank, not as an error. */
const NO_CONTACT: UserContact = { uid: '', email: null, area_code: null, mobile: null };

/**
 * The contacts of these users, by id: a list of another module's rows pages its own table,
 * then asks here for the page's users (docs/architecture.md "Layers and modules").
 */
export async function userContacts(db: Db, ids: readonly number[]): Promise<(id: number) => UserContact> {
  const wanted = [...new Set(ids.map(Number))];
  const rows =
    wanted.length === 0
      ? []
      : await db
          .selectFrom('users')
          .select(['id', 'uid', 'email', 'area_code', 'mobile'])
          .where('id', 'in', wanted)
          .execute();
  const byId = new Map(rows.map(({ id, ...contact }) => [Number(id), contact]));
  return (id) => byId.get(Number(id)) ?? NO_CONTACT;
}

/** Which of these users are demo users (the house's exposure counts real money only). */
export async function demoUserIds(db: Db, ids: readonly number[]): Promise<Set<number>> {
  const wanted = [...new Set(ids.map(Number))];
  const found = new Set<number>();
  // In chunks the drivers accept: an exposure report may name every user with a position.
  for (let i = 0; i < wanted.length; i += 1000) {
    const rows = await db
      .selectFrom('users')
      .select('id')
      .where('id', 'in', wanted.slice(i, i + 1000))
      .where('is_demo', '=', 1)
      .execute();
    for (const r of rows) found.add(Number(r.id));
  }
  return found;
}

/** A user's own invite code (undefined: no such user). */
export async function inviteCodeOf(db: Db, userId: number): Promise<string | undefined> {
  const row = await db.selectFrom('users').select('invite_code').where('id', '=', userId).executeTakeFirst();
  return row?.invite_code;
}

/** How many users registered with this user's invite code. */
export async function countReferredBy(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('referrer_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The traders an announcement is sent to (docs/notifications.md "Announcements"), in id
 * order after `afterId`, at most `limit`: real and demo users whose login is not frozen
 * (operators are not users).
 */
export async function activeTraderIdsAfter(db: Db, afterId: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('id', '>', afterId)
    .where('status', '=', 'active')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => Number(r.id));
}

/** How many traders an announcement sent now goes to: `activeTraderIdsAfter`'s, all of them. */
export async function countActiveTraders(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('status', '=', 'active')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
