import type { Selectable } from 'kysely';
import type { Db, MailQueueTable } from '../../core/db/database.js';

/** Only this file touches `mail_queue` (docs/statements.md "Mail queue"). */

export type QueuedMail = Selectable<MailQueueTable>;

export async function insertMail(
  trx: Db,
  mail: { kind: string; user_id: number; payload: string; due_at: number; created_at: number },
): Promise<number> {
  const row = await trx.insertInto('mail_queue').values(mail).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Deletes a mail queued in this transaction (a month already claimed by another run). */
export async function deleteMail(trx: Db, id: number): Promise<void> {
  await trx.deleteFrom('mail_queue').where('id', '=', id).execute();
}

/** Pending mails due now, oldest first. */
export function dueMails(db: Db, now: number, size: number): Promise<QueuedMail[]> {
  return db
    .selectFrom('mail_queue')
    .selectAll()
    .where('status', '=', 'pending')
    .where('due_at', '<=', now)
    .orderBy('id')
    .limit(size)
    .execute();
}

/**
 * Takes a mail for this instance until `until`: a conditional UPDATE on the due time it was
 * read with, so of several instances exactly one wins it. A claim that outlives its sender
 * (a crash) simply falls due again.
 */
export async function claimMail(db: Db, mail: QueuedMail, until: number): Promise<boolean> {
  const result = await db
    .updateTable('mail_queue')
    .set({ due_at: until, attempts: mail.attempts + 1 })
    .where('id', '=', mail.id)
    .where('status', '=', 'pending')
    .where('due_at', '=', mail.due_at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function markSent(db: Db, id: number, now: number): Promise<void> {
  await db
    .updateTable('mail_queue')
    .set({ status: 'sent', sent_at: now, error: null })
    .where('id', '=', id)
    .execute();
}

/** Another try at `due_at`, or given up (`failed`) after the last attempt. */
export async function markFailed(db: Db, id: number, error: string, retryAt: number | null): Promise<void> {
  await db
    .updateTable('mail_queue')
    .set(retryAt === null ? { status: 'failed', error } : { due_at: retryAt, error })
    .where('id', '=', id)
    .execute();
}

/** Mails of a user of a kind (tests and support). */
export function mailsOf(db: Db, userId: number, kind: string): Promise<QueuedMail[]> {
  return db
    .selectFrom('mail_queue')
    .selectAll()
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .orderBy('id')
    .execute();
}
