import type { Selectable, Updateable } from 'kysely';
import type { Db, InstrumentTable } from '../../../core/db/database.js';

/** The back office's reads and edits of instruments and categories. */

/** Every instrument, enabled or not, in board order. */
export function listAllInstruments(db: Db, categoryId?: number): Promise<InstrumentRow[]> {
  let query = db.selectFrom('instruments').selectAll();
  if (categoryId !== undefined) query = query.where('category_id', '=', categoryId);
  return query.orderBy('sort').orderBy('id').execute();
}

export type InstrumentRow = Selectable<InstrumentTable>;

export function findInstrumentRow(db: Db, id: number): Promise<InstrumentRow | undefined> {
  return db.selectFrom('instruments').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updateInstrument(
  db: Db,
  id: number,
  changes: Updateable<InstrumentTable>,
): Promise<void> {
  await db.updateTable('instruments').set(changes).where('id', '=', id).execute();
}

export function listCategoriesWithCounts(db: Db) {
  return db
    .selectFrom('categories')
    .selectAll('categories')
    .select((eb) =>
      eb
        .selectFrom('instruments')
        .select((o) => o.fn.countAll<number>().as('n'))
        .whereRef('instruments.category_id', '=', 'categories.id')
        .as('instruments'),
    )
    .orderBy('categories.sort')
    .orderBy('categories.id')
    .execute();
}

export type AdminCategoryRow = Awaited<ReturnType<typeof listCategoriesWithCounts>>[number];

export function findCategory(db: Db, id: number) {
  return db.selectFrom('categories').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function nextCategoryId(db: Db): Promise<number> {
  const row = await db
    .selectFrom('categories')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0) + 1;
}

export async function insertCategory(
  db: Db,
  row: { id: number; names: string; sort: number },
): Promise<void> {
  await db
    .insertInto('categories')
    .values({ id: row.id, name_key: `category.custom_${row.id}`, names: row.names, sort: row.sort })
    .execute();
}

export async function updateCategory(
  db: Db,
  id: number,
  changes: { names: string; sort: number },
): Promise<void> {
  await db.updateTable('categories').set(changes).where('id', '=', id).execute();
}
