import type { Insertable, Selectable } from 'kysely';
import type { Db, FeedbackTable } from '../../core/db/database.js';
import { userContacts, type UserContact } from '../auth/index.js';
import { uploadNames } from '../uploads/index.js';

/** Only this file reads and writes `feedback`. Functions take `db` or a transaction first. */

export interface FeedbackQuery {
  status?: number;
  topic?: number;
  userId?: number;
}

export async function insertFeedback(db: Db, row: Insertable<FeedbackTable>): Promise<number> {
  const inserted = await db.insertInto('feedback').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(inserted.id);
}

/** How many feedbacks a user sent since `since` (the hourly limit). */
export async function countSentSince(db: Db, userId: number, since: number): Promise<number> {
  const row = await db
    .selectFrom('feedback')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function queue(db: Db, query: FeedbackQuery) {
  let q = db.selectFrom('feedback as f');
  if (query.status !== undefined) q = q.where('f.status', '=', query.status);
  if (query.topic !== undefined) q = q.where('f.topic', '=', query.topic);
  if (query.userId !== undefined) q = q.where('f.user_id', '=', query.userId);
  return q;
}

/** A feedback with its sender's contact and its screenshot's stored name ('' when none). */
export type FeedbackRow = Selectable<FeedbackTable> & UserContact & { screenshot_name: string };

/** The users and the screenshots are asked of their modules, for the whole page at once. */
async function withSenders(db: Db, rows: Selectable<FeedbackTable>[]): Promise<FeedbackRow[]> {
  const [contactOf, screenshots] = await Promise.all([
    userContacts(
      db,
      rows.map((r) => r.user_id),
    ),
    uploadNames(
      db,
      rows.map((r) => r.screenshot_upload_id),
    ),
  ]);
  return rows.map((r) => ({
    ...r,
    ...contactOf(r.user_id),
    screenshot_name:
      r.screenshot_upload_id === null ? '' : (screenshots.get(Number(r.screenshot_upload_id)) ?? ''),
  }));
}

/** One page of feedback, newest first, with senders and screenshots. */
export async function listFeedbackRows(
  db: Db,
  query: FeedbackQuery,
  limit: number,
  offset: number,
): Promise<FeedbackRow[]> {
  const rows = await queue(db, query)
    .selectAll('f')
    .orderBy('f.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return withSenders(db, rows);
}

export async function countFeedback(db: Db, query: FeedbackQuery): Promise<number> {
  const row = await queue(db, query)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findFeedbackRow(db: Db, id: number): Promise<FeedbackRow | undefined> {
  const row = await db.selectFrom('feedback').selectAll().where('id', '=', id).executeTakeFirst();
  return row && (await withSenders(db, [row]))[0];
}

/** Marks an open feedback handled; false when it was not open (unknown or already handled). */
export async function markHandled(db: Db, id: number, operatorId: number, at: number): Promise<boolean> {
  const result = await db
    .updateTable('feedback')
    .set({ status: 1, handled_by: operatorId, handled_at: at })
    .where('id', '=', id)
    .where('status', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function feedbackExists(db: Db, id: number): Promise<boolean> {
  return (await db.selectFrom('feedback').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** Whether the upload is a feedback screenshot (the back office shows it to support). */
export async function isFeedbackScreenshot(db: Db, uploadId: number): Promise<boolean> {
  const row = await db
    .selectFrom('feedback')
    .select('id')
    .where('screenshot_upload_id', '=', uploadId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
