import type { Insertable, Selectable } from 'kysely';
import type { Db, NewsTable, NewsTranslationTable } from '../../core/db/database.js';

/** Only this file reads and writes `news` and `news_translations`. Functions take `db` or a transaction first. */

export type NewsRow = Selectable<NewsTable>;
export type NewsTranslationRow = Selectable<NewsTranslationTable>;

/**
 * Published articles of a category with their text in `lang`, or in the article's base
 * language where it has none: two joins, the caller's language first.
 */
function publishedInLang(db: Db, lang: string) {
  return db
    .selectFrom('news as n')
    .innerJoin('news_translations as b', (join) =>
      join.onRef('b.news_id', '=', 'n.id').onRef('b.lang', '=', 'n.base_lang'),
    )
    .leftJoin('news_translations as t', (join) =>
      join.onRef('t.news_id', '=', 'n.id').on('t.lang', '=', lang),
    )
    .where('n.published', '=', 1)
    .select([
      'n.id',
      'n.category_id',
      'n.logo',
      'n.created_at',
      'b.lang as base_lang',
      'b.title as base_title',
      'b.summary as base_summary',
      't.lang as own_lang',
      't.title as own_title',
      't.summary as own_summary',
    ]);
}

export function listPublished(db: Db, lang: string, categoryId: number, limit: number, offset: number) {
  return publishedInLang(db, lang)
    .where('n.category_id', '=', categoryId)
    .orderBy('n.created_at', 'desc')
    .orderBy('n.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countPublished(db: Db, categoryId: number): Promise<number> {
  const row = await db
    .selectFrom('news')
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .where('published', '=', 1)
    .where('category_id', '=', categoryId)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** One published article in `lang` (or its base language), with both contents. */
export function findPublished(db: Db, lang: string, id: number) {
  return publishedInLang(db, lang)
    .where('n.id', '=', id)
    .select(['b.content as base_content', 't.content as own_content'])
    .executeTakeFirst();
}

export function findNews(db: Db, id: number): Promise<NewsRow | undefined> {
  return db.selectFrom('news').selectAll().where('id', '=', id).executeTakeFirst();
}

export function translationsOf(db: Db, newsId: number): Promise<NewsTranslationRow[]> {
  return db
    .selectFrom('news_translations')
    .selectAll()
    .where('news_id', '=', newsId)
    .orderBy('lang')
    .execute();
}

/** Every article, published or not, newest first (the back office's list). */
export function listAllNews(db: Db, limit: number, offset: number) {
  return db
    .selectFrom('news as n')
    .innerJoin('news_translations as b', (join) =>
      join.onRef('b.news_id', '=', 'n.id').onRef('b.lang', '=', 'n.base_lang'),
    )
    .selectAll('n')
    .select('b.title as title')
    .orderBy('n.created_at', 'desc')
    .orderBy('n.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countAllNews(db: Db): Promise<number> {
  const row = await db
    .selectFrom('news')
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export async function insertNews(db: Db, row: Insertable<NewsTable>): Promise<number> {
  const inserted = await db.insertInto('news').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export async function updateNews(
  db: Db,
  id: number,
  values: Pick<NewsTable, 'category_id' | 'base_lang' | 'updated_by' | 'updated_at'> & {
    logo: string;
    published: number;
    is_sample: number;
  },
): Promise<void> {
  await db.updateTable('news').set(values).where('id', '=', id).execute();
}

/** Replaces an article's texts with `rows` (languages left out are removed). */
export async function replaceTranslations(
  db: Db,
  newsId: number,
  rows: Omit<Insertable<NewsTranslationTable>, 'news_id'>[],
): Promise<void> {
  await db.deleteFrom('news_translations').where('news_id', '=', newsId).execute();
  if (rows.length > 0) {
    await db
      .insertInto('news_translations')
      .values(rows.map((r) => ({ ...r, news_id: newsId })))
      .execute();
  }
}

/** Removes an article and its texts; false when there was none. */
export async function deleteNewsRow(db: Db, id: number): Promise<boolean> {
  await db.deleteFrom('news_translations').where('news_id', '=', id).execute();
  const result = await db.deleteFrom('news').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function hasAnyNews(db: Db): Promise<boolean> {
  return (await db.selectFrom('news').select('id').limit(1).executeTakeFirst()) !== undefined;
}
