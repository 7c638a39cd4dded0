import type { Db } from '../../../core/db/database.js';

/** Only this file reads and writes `operator_sessions`. Functions take `db` or a transaction first. */

export async function insertOperatorSession(
  db: Db,
  session: { operatorId: number; tokenHash: string; createdAt: number; expiresAt: number; ip: string },
): Promise<number> {
  const row = await db
    .insertInto('operator_sessions')
    .values({
      operator_id: session.operatorId,
      token_hash: session.tokenHash,
      created_at: session.createdAt,
      expires_at: session.expiresAt,
      ip: session.ip.slice(0, 64),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** A session by its token's hash, with what decides whether it still opens the back office. */
export function findOperatorSession(db: Db, tokenHash: string) {
  return db
    .selectFrom('operator_sessions')
    .innerJoin('operators', 'operators.id', 'operator_sessions.operator_id')
    .select([
      'operator_sessions.id as sessionId',
      'operator_sessions.expires_at as expiresAt',
      'operator_sessions.revoked_at as revokedAt',
      'operators.id as operatorId',
      'operators.email as email',
      'operators.role as role',
      'operators.active as active',
      'operators.totp_enabled as totpEnabled',
      'operators.must_change_password as mustChangePassword',
    ])
    .where('operator_sessions.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Ends one live session; false when it was not live. */
export async function revokeOperatorSession(db: Db, id: number, now: number): Promise<boolean> {
  const row = await db
    .updateTable('operator_sessions')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Ends every live session of an operator (but `exceptId`); how many it ended. */
export async function revokeOperatorSessions(
  db: Db,
  operatorId: number,
  now: number,
  exceptId?: number,
): Promise<number> {
  let query = db
    .updateTable('operator_sessions')
    .set({ revoked_at: now })
    .where('operator_id', '=', operatorId)
    .where('revoked_at', 'is', null);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  const rows = await query.returning('id').execute();
  return rows.length;
}

/** Forgets sessions that expired or were revoked before `cutoff`. */
export async function deleteEndedOperatorSessions(db: Db, cutoff: number): Promise<void> {
  await db
    .deleteFrom('operator_sessions')
    .where((eb) => eb.or([eb('expires_at', '<', cutoff), eb('revoked_at', '<', cutoff)]))
    .execute();
}
