import { sql } from 'kysely';
import type { Db } from '../../core/db/database.js';
import { isPostgres } from '../../core/db/migrations/helpers.js';

/** Only this file touches `engine_leases` (one row, id 1). */

const LEASE_ID = 1;

/**
 * Takes the lease for a new engine: its epoch goes up by one. The UPDATE takes the row's
 * lock, so a deposed engine's write that checks the epoch (holdsEpoch) waits for this one
 * and then sees it changed.
 */
export async function nextEpoch(db: Db, holder: string, now: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto('engine_leases')
      .values({ id: LEASE_ID, epoch: 0, holder, acquired_at: now })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    const row = await trx
      .updateTable('engine_leases')
      .set({ epoch: sql`epoch + 1`, holder, acquired_at: now })
      .where('id', '=', LEASE_ID)
      .returning('epoch')
      .executeTakeFirstOrThrow();
    return Number(row.epoch);
  });
}

/**
 * Whether `epoch` is still the lease's, read with a share lock inside the caller's
 * transaction (PostgreSQL), so the check holds until that transaction ends.
 */
export async function holdsEpoch(trx: Db, epoch: number): Promise<boolean> {
  const query = trx.selectFrom('engine_leases').select('epoch').where('id', '=', LEASE_ID);
  const row = await (isPostgres(trx) ? query.forShare() : query).executeTakeFirst();
  return row !== undefined && Number(row.epoch) === epoch;
}
