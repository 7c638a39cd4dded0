import type { Selectable } from 'kysely';
import type { Db, PushOutboxTable, PushSubscriptionTable } from '../../core/db/database.js';

export type PushSubscriptionRow = Selectable<PushSubscriptionTable>;
export type PushOutboxRow = Selectable<PushOutboxTable>;

/** The server's key pair, or undefined before the first start made one. */
export function findVapidKeys(db: Db) {
  return db.selectFrom('vapid_keys').selectAll().where('id', '=', 1).executeTakeFirst();
}

/** Stores a key pair unless another instance stored one first (its pair wins). */
export async function insertVapidKeys(
  db: Db,
  keys: { public_key: string; private_key: string; created_at: number },
): Promise<void> {
  await db
    .insertInto('vapid_keys')
    .values({ id: 1, ...keys })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/**
 * Records a browser's subscription for the user. An endpoint is one browser: subscribed
 * again (new keys, another user logged in on it), it is moved to this user with its keys.
 */
export async function upsertSubscription(
  db: Db,
  row: {
    user_id: number;
    endpoint: string;
    p256dh: string;
    auth: string;
    lang: string;
    show_amounts: number;
    created_at: number;
  },
): Promise<void> {
  await db
    .insertInto('push_subscriptions')
    .values(row)
    .onConflict((oc) =>
      oc.column('endpoint').doUpdateSet({
        user_id: row.user_id,
        p256dh: row.p256dh,
        auth: row.auth,
        lang: row.lang,
        show_amounts: row.show_amounts,
      }),
    )
    .execute();
}

/** Removes one of the user's subscriptions; returns whether it was theirs. */
export async function deleteSubscription(db: Db, userId: number, endpoint: string): Promise<boolean> {
  const result = await db
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', userId)
    .where('endpoint', '=', endpoint)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export function listSubscriptions(db: Db, userId: number): Promise<PushSubscriptionRow[]> {
  return db
    .selectFrom('push_subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

export function findSubscriptionByEndpoint(
  db: Db,
  endpoint: string,
): Promise<PushSubscriptionRow | undefined> {
  return db.selectFrom('push_subscriptions').selectAll().where('endpoint', '=', endpoint).executeTakeFirst();
}

export function findSubscription(db: Db, id: number): Promise<PushSubscriptionRow | undefined> {
  return db.selectFrom('push_subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The push service said the subscription is gone (404/410): it is forgotten. */
export async function forgetSubscription(db: Db, id: number): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
}

export async function enqueuePushes(
  db: Db,
  rows: { subscription_id: number; notice_id: number; due_at: number; created_at: number }[],
): Promise<void> {
  if (rows.length > 0) await db.insertInto('push_outbox').values(rows).execute();
}

/** Pushes due now, oldest first. */
export function duePushes(db: Db, now: number, size: number): Promise<PushOutboxRow[]> {
  return db
    .selectFrom('push_outbox')
    .selectAll()
    .where('status', '=', 'pending')
    .where('due_at', '<=', now)
    .orderBy('id')
    .limit(size)
    .execute();
}

/**
 * Takes a push for this instance until `until`: a conditional UPDATE on the due time it was
 * read with, so of several instances exactly one sends it; a claim that outlives its sender
 * (a crash) falls due again.
 */
export async function claimPush(db: Db, row: PushOutboxRow, until: number): Promise<boolean> {
  const result = await db
    .updateTable('push_outbox')
    .set({ due_at: until, attempts: row.attempts + 1 })
    .where('id', '=', row.id)
    .where('status', '=', 'pending')
    .where('due_at', '=', row.due_at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function finishPush(
  db: Db,
  id: number,
  change:
    { status: 'sent' | 'failed' | 'gone'; now: number; error?: string } | { retryAt: number; error: string },
): Promise<void> {
  await db
    .updateTable('push_outbox')
    .set(
      'retryAt' in change
        ? { due_at: change.retryAt, error: change.error }
        : {
            status: change.status,
            sent_at: change.status === 'sent' ? change.now : null,
            error: change.error ?? null,
          },
    )
    .where('id', '=', id)
    .execute();
}

/** A user's pushes (tests and support). */
export function pushesOf(db: Db, subscriptionId: number): Promise<PushOutboxRow[]> {
  return db
    .selectFrom('push_outbox')
    .selectAll()
    .where('subscription_id', '=', subscriptionId)
    .orderBy('id')
    .execute();
}
