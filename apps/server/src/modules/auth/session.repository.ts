import type { Db } from '../../core/db/database.js';

/** Only this file reads and writes `sessions`. Functions take `db` or a transaction first. */

export async function insertSession(
  db: Db,
  session: { userId: number; tokenHash: string; createdAt: number; expiresAt: number },
): Promise<number> {
  const row = await db
    .insertInto('sessions')
    .values({
      user_id: session.userId,
      token_hash: session.tokenHash,
      created_at: session.createdAt,
      expires_at: session.expiresAt,
      // Signing in is the first proof (docs/passkeys.md "Step-up before a withdrawal").
      verified_at: session.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** A session by the hash of its token, with what decides whether it still opens the door. */
export function findSessionByTokenHash(db: Db, tokenHash: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id as sessionId',
      'users.id as userId',
      'users.is_demo as isDemo',
      'users.status as status',
      'sessions.expires_at as expiresAt',
      'sessions.revoked_at as revokedAt',
    ])
    .where('sessions.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Records that the session's trader proved again they are there (a step-up). */
export async function markVerified(db: Db, sessionId: number, at: number): Promise<void> {
  await db.updateTable('sessions').set({ verified_at: at }).where('id', '=', sessionId).execute();
}

/** When the session last proved its trader is there; undefined for no such session. */
export async function sessionVerifiedAt(db: Db, sessionId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('sessions')
    .select('verified_at')
    .where('id', '=', sessionId)
    .executeTakeFirst();
  return row === undefined ? undefined : Number(row.verified_at);
}

/** Revokes one live session by its token hash; the revoked row, or undefined when none was live. */
export function revokeSessionByTokenHash(db: Db, tokenHash: string, now: number) {
  return db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .returning(['id', 'user_id'])
    .executeTakeFirst();
}

/** Revokes every live session of a user (but `exceptId`); returns the ids it revoked. */
export async function revokeUserSessions(
  db: Db,
  userId: number,
  now: number,
  exceptId?: number,
): Promise<number[]> {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  const rows = await query.returning('id').execute();
  return rows.map((r) => Number(r.id));
}

/** Ids per query of `liveSessionIds`; every chunk is padded to it, so the SQL text is one. */
const LIVE_CHECK_CHUNK = 100;

/** Of `ids`, those still live: not revoked, not expired, and their user active. */
export async function liveSessionIds(db: Db, ids: readonly number[], now: number): Promise<number[]> {
  const live: number[] = [];
  for (let i = 0; i < ids.length; i += LIVE_CHECK_CHUNK) {
    const chunk = ids.slice(i, i + LIVE_CHECK_CHUNK);
    // Padded with a repeat of its last id: one prepared statement serves every call.
    while (chunk.length < LIVE_CHECK_CHUNK) chunk.push(chunk[chunk.length - 1]!);
    const rows = await db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select('sessions.id')
      .where('sessions.id', 'in', chunk)
      .where('sessions.revoked_at', 'is', null)
      .where('sessions.expires_at', '>', now)
      .where('users.status', '=', 'active')
      .execute();
    for (const r of rows) live.push(Number(r.id));
  }
  return live;
}

/** When the user's newest session was opened, or undefined when they never had one. */
export async function latestSessionStart(db: Db, userId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('sessions')
    .select((eb) => eb.fn.max('created_at').as('latest'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.latest === null || row?.latest === undefined ? undefined : Number(row.latest);
}

/** Forgets sessions that expired or were revoked before `cutoff` (housekeeping). */
export async function deleteEndedSessions(db: Db, cutoff: number): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expires_at', '<', cutoff), eb('revoked_at', '<', cutoff)]))
    .execute();
}
