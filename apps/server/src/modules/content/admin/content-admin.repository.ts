import type { Db } from '../../../core/db/database.js';
import { isPostgres } from '../../../core/db/migrations/helpers.js';

/**
 * Holds an article's row lock until the transaction ends (PostgreSQL; SQLite has one
 * writer): saving one language rewrites the article's texts, so two operators saving two
 * languages at once must not each drop the other's.
 */
export async function lockNews(db: Db, id: number): Promise<void> {
  if (!isPostgres(db)) return;
  await db.selectFrom('news').select('id').where('id', '=', id).forUpdate().execute();
}
