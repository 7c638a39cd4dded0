import type { Db } from '../../core/db/database.js';

/** Only this file reads and writes `captchas`. Functions take `db` or a transaction first. */

export async function insertCaptcha(
  db: Db,
  captcha: { id: string; answer: string; expiresAt: number },
): Promise<void> {
  await db
    .insertInto('captchas')
    .values({ id: captcha.id, answer: captcha.answer, expires_at: captcha.expiresAt })
    .execute();
}

/**
 * Deletes a captcha and returns it, in one statement: each captcha allows a single try, even
 * for two requests racing with the same one.
 */
export function takeCaptcha(db: Db, id: string) {
  return db.deleteFrom('captchas').where('id', '=', id).returningAll().executeTakeFirst();
}

export async function deleteExpiredCaptchas(db: Db, now: number): Promise<void> {
  await db.deleteFrom('captchas').where('expires_at', '<', now).execute();
}
