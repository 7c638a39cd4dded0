import type { Insertable } from 'kysely';
import type { Db, OutboxTable } from '../../db/database.js';

export async function recordMessage(db: Db, message: Insertable<OutboxTable>): Promise<void> {
  await db.insertInto('outbox').values(message).execute();
}
