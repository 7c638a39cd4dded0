import type { Selectable } from 'kysely';
import type { AnnouncementBroadcastTable, Db } from '../../core/db/database.js';
import { pageOf, type Page } from '../../core/db/paging.js';

/** Only this file reads and writes `announcement_broadcasts`. */

export type BroadcastRow = Selectable<AnnouncementBroadcastTable>;

/** Records a send of one version of the announcement; undefined when that version was sent before. */
export function insertBroadcast(
  db: Db,
  row: { announcement_at: number; created_by: number | null; created_at: number; total: number },
): Promise<BroadcastRow | undefined> {
  return db
    .insertInto('announcement_broadcasts')
    .values(row)
    .onConflict((oc) => oc.column('announcement_at').doNothing())
    .returningAll()
    .executeTakeFirst();
}

export function findBroadcast(db: Db, id: number): Promise<BroadcastRow | undefined> {
  return db.selectFrom('announcement_broadcasts').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A page of the sends, newest first, and how many there are. */
export function pageBroadcasts(db: Db, limit: number, offset: number): Promise<Page<BroadcastRow>> {
  return pageOf(db.selectFrom('announcement_broadcasts').selectAll().orderBy('id', 'desc'), limit, offset);
}

/** Broadcasts not finished whose lease is free (never taken, or its holder's expired), oldest first. */
export function dueBroadcasts(db: Db, now: number, size: number): Promise<BroadcastRow[]> {
  return db
    .selectFrom('announcement_broadcasts')
    .selectAll()
    .where('done_at', 'is', null)
    .where('lease_until', '<=', now)
    .orderBy('id')
    .limit(size)
    .execute();
}

/**
 * Takes a broadcast for `owner` until `until`: a conditional UPDATE on the lease it was read
 * with (as the push outbox and the mail queue claim a row), so of several instances exactly
 * one wins it; a lease that outlives its holder (a crash) falls due again.
 */
export async function claimBroadcast(
  db: Db,
  row: BroadcastRow,
  owner: string,
  until: number,
): Promise<boolean> {
  const result = await db
    .updateTable('announcement_broadcasts')
    .set({ lease_owner: owner, lease_until: until })
    .where('id', '=', row.id)
    .where('done_at', 'is', null)
    .where('lease_until', '=', row.lease_until)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Moves the cursor from `from` to `to` for the batch written in this transaction, and
 * extends the lease (or finishes the broadcast, `doneAt`): only while `owner` still holds it
 * and nobody moved the cursor meanwhile. The row stays locked until the commit, so another
 * instance's batch of the same broadcast waits, then finds the cursor moved and writes nothing.
 */
export async function advanceBroadcast(
  trx: Db,
  change: { id: number; owner: string; from: number; to: number; until: number; doneAt: number | null },
): Promise<boolean> {
  const result = await trx
    .updateTable('announcement_broadcasts')
    .set({
      last_user_id: change.to,
      lease_until: change.doneAt === null ? change.until : 0,
      done_at: change.doneAt,
    })
    .where('id', '=', change.id)
    .where('lease_owner', '=', change.owner)
    .where('last_user_id', '=', change.from)
    .where('done_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Counts a batch's traders gone through and notices written (in the batch's transaction). */
export async function countBatch(trx: Db, id: number, reached: number, written: number): Promise<void> {
  if (reached === 0 && written === 0) return;
  await trx
    .updateTable('announcement_broadcasts')
    .set((eb) => ({ reached: eb('reached', '+', reached), written: eb('written', '+', written) }))
    .where('id', '=', id)
    .execute();
}
