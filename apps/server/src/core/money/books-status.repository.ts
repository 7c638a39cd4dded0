import { AdminBooksStatusSchema, type AdminBooksStatus } from '@pipwise/shared';
import type { Db } from '../db/database.js';

/** The one row of `books_status`. */
const ROW = 1;

/** Keeps the finding of a check, for every instance to show (docs/money.md "Double-entry books"). */
export async function saveBooksStatus(db: Db, status: AdminBooksStatus): Promise<void> {
  if (status.checked_at === null || status.reason === null) return;
  const row = {
    checked_at: status.checked_at,
    reason: status.reason,
    problems: JSON.stringify(status.problems),
  };
  await db
    .insertInto('books_status')
    .values({ id: ROW, ...row })
    .onConflict((oc) => oc.column('id').doUpdateSet(row))
    .execute();
}

/** The last check's finding as any instance kept it; null before the first. */
export async function readBooksStatus(db: Db): Promise<AdminBooksStatus | null> {
  const row = await db.selectFrom('books_status').selectAll().where('id', '=', ROW).executeTakeFirst();
  if (!row) return null;
  return AdminBooksStatusSchema.parse({
    checked_at: Number(row.checked_at),
    reason: row.reason,
    problems: JSON.parse(row.problems) as unknown,
  });
}
