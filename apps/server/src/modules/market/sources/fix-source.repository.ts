import type { Db } from '../../../core/db/database.js';
import type { FixSourceTable } from '../../../core/db/database.js';

export type FixSourceRow = FixSourceTable;

/** Every stored slot. */
export function listFixSources(db: Db): Promise<FixSourceRow[]> {
  return db.selectFrom('fix_sources').selectAll().orderBy('slot').execute();
}

export function findFixSource(db: Db, slot: string): Promise<FixSourceRow | undefined> {
  return db.selectFrom('fix_sources').selectAll().where('slot', '=', slot).executeTakeFirst();
}

/** Creates or replaces a slot. */
export async function putFixSource(db: Db, row: FixSourceRow): Promise<void> {
  const { slot: _slot, ...rest } = row;
  await db
    .insertInto('fix_sources')
    .values(row)
    .onConflict((oc) => oc.column('slot').doUpdateSet(rest))
    .execute();
}

/** Removes a slot; whether there was one. */
export async function deleteFixSource(db: Db, slot: string): Promise<boolean> {
  const result = await db.deleteFrom('fix_sources').where('slot', '=', slot).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
