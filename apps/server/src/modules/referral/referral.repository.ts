import type { Db } from '../../core/db/database.js';

/** Reads of the referral link between users (`users.invite_code`, `users.referrer_id`). */

export async function inviteCodeOf(db: Db, userId: number): Promise<string | undefined> {
  const row = await db.selectFrom('users').select('invite_code').where('id', '=', userId).executeTakeFirst();
  return row?.invite_code;
}

/** How many users registered with this user's invite code. */
export async function countReferred(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('referrer_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
