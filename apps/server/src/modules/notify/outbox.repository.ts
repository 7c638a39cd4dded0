import type { Insertable } from 'kysely';
import type { Db, OutboxTable } from '../../core/db/database.js';
import { pageOf } from '../../core/db/paging.js';

export async function recordMessage(db: Db, message: Insertable<OutboxTable>): Promise<void> {
  await db.insertInto('outbox').values(message).execute();
}

export interface OutboxFilter {
  channel?: 'email' | 'sms' | undefined;
  status?: string | undefined;
  /** Part of the address or number, any case. */
  recipient?: string | undefined;
}

/** One page of the outbox, newest first, with the total (the back office's support view). */
export async function pageOutbox(db: Db, filter: OutboxFilter, limit: number, offset: number) {
  let query = db.selectFrom('outbox');
  if (filter.channel !== undefined) query = query.where('channel', '=', filter.channel);
  if (filter.status !== undefined) query = query.where('status', '=', filter.status);
  if (filter.recipient) {
    // LIKE's own wildcards typed by the operator match literally nowhere: dropped.
    const needle = `%${filter.recipient.toLowerCase().replace(/[%_\\]/g, '')}%`;
    query = query.where((eb) => eb(eb.fn('lower', ['recipient']), 'like', needle));
  }
  return pageOf(query.selectAll().orderBy('id', 'desc'), limit, offset);
}
