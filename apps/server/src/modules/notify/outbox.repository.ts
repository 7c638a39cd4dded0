import type { Insertable } from 'kysely';
import type { Db, OutboxTable } from '../../db/database.js';

export async function recordMessage(db: Db, message: Insertable<OutboxTable>): Promise<void> {
  await db.insertInto('outbox').values(message).execute();
}

/** The newest messages first, for operators (and local users without SMTP). */
export function listOutbox(db: Db, limit = 50) {
  return db.selectFrom('outbox').selectAll().orderBy('id', 'desc').limit(limit).execute();
}
