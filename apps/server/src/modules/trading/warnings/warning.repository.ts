import { DEFAULT_MARGIN_WARNING_LEVELS } from '@pipwise/shared';
import type { Db } from '../../../core/db/database.js';

/** A trader's warning levels, highest first (the defaults until they choose). */
export async function readLevels(db: Db, userId: number): Promise<number[]> {
  const row = await db
    .selectFrom('margin_warning_levels')
    .select('levels')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return [...DEFAULT_MARGIN_WARNING_LEVELS];
  return row.levels === '' ? [] : row.levels.split(',').map(Number);
}

export async function writeLevels(db: Db, userId: number, levels: readonly number[]): Promise<void> {
  await db
    .insertInto('margin_warning_levels')
    .values({ user_id: userId, levels: levels.join(',') })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ levels: levels.join(',') }))
    .execute();
}

/** The levels that fired and have not re-armed. */
export async function readFired(db: Db, userId: number): Promise<number[]> {
  const rows = await db.selectFrom('margin_warnings').select('level').where('user_id', '=', userId).execute();
  return rows.map((r) => Number(r.level));
}

export async function markFired(
  db: Db,
  userId: number,
  levels: readonly number[],
  now: number,
): Promise<void> {
  if (levels.length === 0) return;
  await db
    .insertInto('margin_warnings')
    .values(levels.map((level) => ({ user_id: userId, level, fired_at: now })))
    .onConflict((oc) => oc.columns(['user_id', 'level']).doNothing())
    .execute();
}

export async function rearm(db: Db, userId: number, levels: readonly number[]): Promise<void> {
  if (levels.length === 0) return;
  await db.deleteFrom('margin_warnings').where('user_id', '=', userId).where('level', 'in', levels).execute();
}
