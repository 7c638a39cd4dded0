import { sql, type Insertable, type Selectable } from 'kysely';
import type { ChartDrawingTable, Db } from '../../../core/db/database.js';

export type DrawingRow = Selectable<ChartDrawingTable>;

/** What a save writes besides the owner, the instrument and the times of the row. */
export type DrawingShape = Pick<
  Insertable<ChartDrawingTable>,
  'kind' | 'time1' | 'price1' | 'time2' | 'price2' | 'color'
>;

/** The trader's drawings on one instrument, oldest first (the order they are drawn in). */
export function listDrawings(db: Db, userId: number, instrumentId: number): Promise<DrawingRow[]> {
  return db
    .selectFrom('chart_drawings')
    .selectAll()
    .where('user_id', '=', userId)
    .where('instrument_id', '=', instrumentId)
    .orderBy('id')
    .execute();
}

/**
 * Adds a drawing unless the trader already keeps `max` on the instrument: one statement, so
 * the count and the insert see the same rows (two of the trader's saves racing may pass
 * `max` by one each at most: the limit is against a script, not a money rule). The new row's
 * id, or null when the instrument is full.
 */
export async function insertDrawing(
  db: Db,
  row: DrawingShape & { user_id: number; instrument_id: number; now: number },
  max: number,
): Promise<number | null> {
  const { rows } = await sql<{ id: number | string }>`INSERT INTO chart_drawings
      (user_id, instrument_id, kind, time1, price1, time2, price2, color, created_at, updated_at)
    SELECT ${row.user_id}, ${row.instrument_id}, ${row.kind}, ${row.time1}, ${row.price1},
      ${row.time2 ?? null}, ${row.price2 ?? null}, ${row.color}, ${row.now}, ${row.now}
    WHERE (SELECT count(*) FROM chart_drawings
      WHERE user_id = ${row.user_id} AND instrument_id = ${row.instrument_id}) < ${max}
    RETURNING id`.execute(db);
  const id = rows[0]?.id;
  return id === undefined ? null : Number(id);
}

/** Replaces one of the trader's drawings on the instrument; undefined when it is not theirs there. */
export function updateDrawing(
  db: Db,
  key: { id: number; user_id: number; instrument_id: number },
  shape: DrawingShape,
  now: number,
): Promise<DrawingRow | undefined> {
  return db
    .updateTable('chart_drawings')
    .set({ ...shape, time2: shape.time2 ?? null, price2: shape.price2 ?? null, updated_at: now })
    .where('id', '=', key.id)
    .where('user_id', '=', key.user_id)
    .where('instrument_id', '=', key.instrument_id)
    .returningAll()
    .executeTakeFirst();
}

export function findDrawing(db: Db, userId: number, id: number): Promise<DrawingRow | undefined> {
  return db
    .selectFrom('chart_drawings')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Removes one of the trader's drawings; whether there was one. */
export async function deleteDrawing(db: Db, userId: number, id: number): Promise<boolean> {
  const gone = await db
    .deleteFrom('chart_drawings')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning('id')
    .executeTakeFirst();
  return gone !== undefined;
}
