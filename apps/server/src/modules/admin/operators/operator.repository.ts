import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db, OperatorTable } from '../../../core/db/database.js';

/** Only this file reads and writes `operators`. Functions take `db` or a transaction first. */

export type OperatorRow = Selectable<OperatorTable>;

export function countOperators(db: Db): Promise<number> {
  return db
    .selectFrom('operators')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));
}

export function findOperator(db: Db, id: number): Promise<OperatorRow | undefined> {
  return db.selectFrom('operators').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findOperatorByEmail(db: Db, email: string): Promise<OperatorRow | undefined> {
  return db.selectFrom('operators').selectAll().where('email', '=', email).executeTakeFirst();
}

/** The e-mails of these operators (the audit log names who did what). */
export async function operatorEmails(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('operators').select(['id', 'email']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [Number(r.id), r.email]));
}

export function listOperators(db: Db): Promise<OperatorRow[]> {
  return db.selectFrom('operators').selectAll().orderBy('id').execute();
}

/** Active operators of the admin role (one must always remain). */
export function countActiveAdmins(db: Db): Promise<number> {
  return db
    .selectFrom('operators')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role', '=', 'admin')
    .where('active', '=', 1)
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));
}

export async function insertOperator(db: Db, row: Insertable<OperatorTable>): Promise<OperatorRow> {
  return db.insertInto('operators').values(row).returningAll().executeTakeFirstOrThrow();
}

export function updateOperator(
  db: Db,
  id: number,
  changes: Updateable<OperatorTable>,
): Promise<OperatorRow | undefined> {
  return db.updateTable('operators').set(changes).where('id', '=', id).returningAll().executeTakeFirst();
}

/**
 * Records an accepted authenticator code's time step, only if it is later than the last one
 * accepted: two logins racing with the same code cannot both pass.
 */
export async function takeTotpStep(db: Db, id: number, step: number): Promise<boolean> {
  const row = await db
    .updateTable('operators')
    .set({ totp_last_step: step })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Locks the active admins' rows until the transaction ends (PostgreSQL; SQLite has one
 * writer), so two operators demoting or deactivating the last two admins at once cannot
 * both see one left.
 */
export async function lockActiveAdmins(db: Db, postgres: boolean): Promise<number> {
  const query = db.selectFrom('operators').select('id').where('role', '=', 'admin').where('active', '=', 1);
  const rows = await (postgres ? query.forUpdate() : query).execute();
  return rows.length;
}
