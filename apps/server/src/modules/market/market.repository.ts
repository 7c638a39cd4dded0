import type { Db } from '../../db/database.js';

/** Only this file touches the market tables. */

export function listCategories(db: Db) {
  return db.selectFrom('categories').selectAll().orderBy('sort').orderBy('id').execute();
}

export function listEnabledInstruments(db: Db) {
  return db
    .selectFrom('instruments')
    .selectAll()
    .where('enabled', '=', 1)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export function listQuotes(db: Db) {
  return db.selectFrom('quotes').selectAll().execute();
}

export interface QuoteRow {
  instrument_id: number;
  bid: number;
  ask: number;
  day_open: number;
  day_high: number;
  day_low: number;
  day_start: number;
  time: number;
}

/** Saves the latest quotes in one transaction (insert or replace, on both dialects). */
export async function saveQuotes(db: Db, rows: QuoteRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.transaction().execute(async (trx) => {
    for (const row of rows) {
      await trx
        .insertInto('quotes')
        .values(row)
        .onConflict((oc) =>
          oc.column('instrument_id').doUpdateSet({
            bid: row.bid,
            ask: row.ask,
            day_open: row.day_open,
            day_high: row.day_high,
            day_low: row.day_low,
            day_start: row.day_start,
            time: row.time,
          }),
        )
        .execute();
    }
  });
}
