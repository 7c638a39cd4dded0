import type { Selectable } from 'kysely';
import type { Db, PriceAlertTable } from '../../../core/db/database.js';

export type AlertRow = Selectable<PriceAlertTable>;

/** What a set writes: a price alert's level, or a move alert's window and percentage. */
export interface AlertChanges {
  instrument_id: number;
  kind: 'price' | 'move';
  direction: string;
  /** Points; 0 for a move alert. */
  level: number;
  move_window: string | null;
  move_hundredths: number | null;
  created_at: number;
}

export async function insertAlert(db: Db, alert: AlertChanges & { user_id: number }): Promise<AlertRow> {
  return db.insertInto('price_alerts').values(alert).returningAll().executeTakeFirstOrThrow();
}

/** Moves one of the user's alerts to a new level and arms it again. */
export async function rearmAlert(
  db: Db,
  userId: number,
  id: number,
  changes: AlertChanges,
): Promise<AlertRow | undefined> {
  return db
    .updateTable('price_alerts')
    .set({ ...changes, fired_at: null, fired_price: null, fired_reference: null })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteAlert(db: Db, userId: number, id: number): Promise<AlertRow | undefined> {
  return db
    .deleteFrom('price_alerts')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
}

export async function findAlert(db: Db, userId: number, id: number): Promise<AlertRow | undefined> {
  return db
    .selectFrom('price_alerts')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** A user's alerts: armed first, then fired; newest first within each. */
export async function listUserAlerts(db: Db, userId: number): Promise<AlertRow[]> {
  const rows = await db
    .selectFrom('price_alerts')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .execute();
  return [...rows.filter((r) => r.fired_at === null), ...rows.filter((r) => r.fired_at !== null)];
}

export async function countArmed(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('price_alerts')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('fired_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Fires an armed alert once: a second attempt (another instance, a replay) changes nothing.
 * A move alert keeps the reference it moved from.
 */
export async function markFired(
  db: Db,
  id: number,
  firedAt: number,
  firedPrice: number,
  reference: number | null = null,
): Promise<AlertRow | undefined> {
  return db
    .updateTable('price_alerts')
    .set({ fired_at: firedAt, fired_price: firedPrice, fired_reference: reference })
    .where('id', '=', id)
    .where('fired_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/** Every armed alert, for the engine's index (read in the index's one snapshot). */
export function listArmedAlerts(db: Db): Promise<AlertRow[]> {
  return db.selectFrom('price_alerts').selectAll().where('fired_at', 'is', null).orderBy('id').execute();
}
