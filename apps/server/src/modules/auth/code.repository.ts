import type { Db } from '../../core/db/database.js';

/** Only this file reads and writes `verification_codes`. Functions take `db` or a transaction first. */

/** Marks the unused codes of a target and purpose as used (a new code replaces them). */
export async function retireCodes(db: Db, target: string, purpose: number, now: number): Promise<void> {
  await db
    .updateTable('verification_codes')
    .set({ consumed_at: now })
    .where('target', '=', target)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .execute();
}

export async function insertCode(
  db: Db,
  code: { target: string; purpose: number; codeHash: string; createdAt: number; expiresAt: number },
): Promise<void> {
  await db
    .insertInto('verification_codes')
    .values({
      target: code.target,
      purpose: code.purpose,
      code_hash: code.codeHash,
      attempts: 0,
      created_at: code.createdAt,
      expires_at: code.expiresAt,
      consumed_at: null,
    })
    .execute();
}

/** The newest code issued for a target and purpose. */
export function latestCode(db: Db, target: string, purpose: number) {
  return db
    .selectFrom('verification_codes')
    .selectAll()
    .where('target', '=', target)
    .where('purpose', '=', purpose)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function countWrongTry(db: Db, id: number): Promise<void> {
  await db
    .updateTable('verification_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

/** Uses a code up; false when it was already used (two requests racing with the same code). */
export async function consumeCode(db: Db, id: number, now: number): Promise<boolean> {
  const used = await db
    .updateTable('verification_codes')
    .set({ consumed_at: now })
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .executeTakeFirst();
  return Number(used.numUpdatedRows) === 1;
}

export async function deleteCodesExpiredBefore(db: Db, cutoff: number): Promise<void> {
  await db.deleteFrom('verification_codes').where('expires_at', '<', cutoff).execute();
}
