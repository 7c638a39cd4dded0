import type { Db } from './database.js';

/**
 * Runs `work` inside the caller's transaction when one is given — the back office writes
 * its audit row in the same transaction as the change — or else in a new one.
 */
export function inTransaction<T>(db: Db, tx: Db | undefined, work: (tx: Db) => Promise<T>): Promise<T> {
  return tx ? work(tx) : db.transaction().execute(work);
}
