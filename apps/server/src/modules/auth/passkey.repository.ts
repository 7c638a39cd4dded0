import type { Selectable } from 'kysely';
import type { Db, PasskeyTable } from '../../core/db/database.js';
import { isPostgres } from '../../core/db/migrations/helpers.js';

/** Only this file reads and writes `passkeys` and `passkey_challenges`. */

export type PasskeyRow = Selectable<PasskeyTable>;

/** What a challenge was handed out for: it answers only that. */
export type ChallengePurpose = 'register' | 'login' | 'step_up';

export async function insertChallenge(
  db: Db,
  row: {
    id: string;
    challenge: string;
    purpose: ChallengePurpose;
    user_id: number | null;
    expires_at: number;
  },
): Promise<void> {
  await db.insertInto('passkey_challenges').values(row).execute();
}

/**
 * Deletes a challenge and returns it, in one statement: each answers once, even for two
 * requests racing with the same one on two instances.
 */
export function takeChallenge(db: Db, id: string, purpose: ChallengePurpose) {
  return db
    .deleteFrom('passkey_challenges')
    .where('id', '=', id)
    .where('purpose', '=', purpose)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteExpiredChallenges(db: Db, now: number): Promise<void> {
  await db.deleteFrom('passkey_challenges').where('expires_at', '<', now).execute();
}

export function listPasskeys(db: Db, userId: number): Promise<PasskeyRow[]> {
  return db.selectFrom('passkeys').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').execute();
}

export function findPasskeyByCredential(db: Db, credentialId: string): Promise<PasskeyRow | undefined> {
  return db.selectFrom('passkeys').selectAll().where('credential_id', '=', credentialId).executeTakeFirst();
}

export async function insertPasskey(db: Db, row: Omit<PasskeyRow, 'id' | 'last_used_at'>): Promise<number> {
  const inserted = await db.insertInto('passkeys').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(inserted.id);
}

/** Removes one of the user's passkeys; returns whether it was theirs. */
export async function deletePasskey(db: Db, userId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('passkeys')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Records a sign-in: the authenticator's new counter, if the counter is still the one the
 * check was made against (a second sign-in racing with the same counter loses).
 */
export async function recordUse(
  db: Db,
  id: number,
  seenCounter: number,
  newCounter: number,
  at: number,
): Promise<boolean> {
  const result = await db
    .updateTable('passkeys')
    .set({ counter: newCounter, last_used_at: at })
    .where('id', '=', id)
    .where('counter', '=', seenCounter)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Counts the user's passkeys with the user's row locked (PostgreSQL; SQLite runs one writer
 * at a time), so two registrations at once on two instances cannot both pass the cap.
 */
export async function countPasskeysLocked(trx: Db, userId: number): Promise<number> {
  if (isPostgres(trx))
    await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
  const row = await trx
    .selectFrom('passkeys')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
