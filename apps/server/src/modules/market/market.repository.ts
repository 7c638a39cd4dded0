import type { Db, QuoteTable } from '../../core/db/database.js';

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

/** A stored quote: the live quote of an instrument as written every few seconds. */
export type QuoteRow = QuoteTable;

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

/** One instrument by its exact code, enabled or not (an import names its instrument by code). */
export function findInstrumentByCode(db: Db, code: string) {
  return db
    .selectFrom('instruments')
    .select(['id', 'code', 'price_precision'])
    .where('code', '=', code)
    .executeTakeFirst();
}
