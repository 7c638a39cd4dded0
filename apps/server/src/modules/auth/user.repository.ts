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
