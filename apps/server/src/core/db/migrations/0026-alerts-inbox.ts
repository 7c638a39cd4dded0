import type { Kysely } from 'kysely';
import { isPostgres, withId } from './helpers.js';

/**
 * Price alerts and the trader's inbox (docs/notifications.md):
 * - `price_alerts`: a level in points on an instrument's bid, armed while `fired_at` is null;
 *   firing sets it once (a conditional update), with the bid that reached it;
 * - `notices`: what the inbox shows, written in the transaction of the event it reports;
 * - `notice_switches`: a row per kind and channel (inbox, push) a trader turned off (none:
 *   every kind on);
 * - web push: `vapid_keys` (the server's one key pair, made at first start), the trader's
 *   `push_subscriptions` (one per browser), and `push_outbox` (a row per notice and
 *   subscription, written with the notice and sent after the commit);
 * - `margin_warning_levels`: a trader's own warning levels ("200,150,100"; no row: those);
 *   `margin_warnings`: a row per level that fired and has not re-armed yet;
 * - `orders.trailing_points` / `executions.trailing_points`: a trailing stop's distance
 *   (points; null: none) — the level it has reached is the order's `sl`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  await withId(db.schema.createTable('price_alerts'), pg)
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('instrument_id', 'integer', (c) => c.notNull())
    .addColumn('direction', 'varchar(8)', (c) => c.notNull())
    .addColumn('level', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('fired_at', 'bigint')
    .addColumn('fired_price', 'bigint')
    .execute();
  await db.schema.createIndex('price_alerts_user').on('price_alerts').columns(['user_id', 'id']).execute();
  await db.schema
    .createIndex('price_alerts_armed')
    .on('price_alerts')
    .columns(['fired_at', 'instrument_id'])
    .execute();
  await withId(db.schema.createTable('notices'), pg)
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    // The kind's data, JSON (NoticeData): what the app shows in the trader's language.
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('read_at', 'bigint')
    .execute();
  await db.schema.createIndex('notices_user').on('notices').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('notices_unread').on('notices').columns(['user_id', 'read_at']).execute();
  await db.schema
    .createTable('notice_switches')
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('channel', 'varchar(8)', (c) => c.notNull())
    .addPrimaryKeyConstraint('notice_switches_pk', ['user_id', 'kind', 'channel'])
    .execute();
  await db.schema
    .createTable('vapid_keys')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('public_key', 'varchar(200)', (c) => c.notNull())
    .addColumn('private_key', 'varchar(200)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await withId(db.schema.createTable('push_subscriptions'), pg)
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('endpoint', 'varchar(1000)', (c) => c.notNull().unique())
    .addColumn('p256dh', 'varchar(200)', (c) => c.notNull())
    .addColumn('auth', 'varchar(100)', (c) => c.notNull())
    // The language its notifications are written in, and whether they may show amounts.
    .addColumn('lang', 'varchar(8)', (c) => c.notNull())
    .addColumn('show_amounts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('push_subscriptions_user').on('push_subscriptions').column('user_id').execute();
  await withId(db.schema.createTable('push_outbox'), pg)
    .addColumn('subscription_id', 'bigint', (c) => c.notNull())
    .addColumn('notice_id', 'bigint', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('due_at', 'bigint', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('sent_at', 'bigint')
    .execute();
  await db.schema.createIndex('push_outbox_due').on('push_outbox').columns(['status', 'due_at']).execute();
  await db.schema
    .createTable('margin_warning_levels')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey())
    .addColumn('levels', 'varchar(64)', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('margin_warnings')
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('fired_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('margin_warnings_pk', ['user_id', 'level'])
    .execute();
  await db.schema.alterTable('orders').addColumn('trailing_points', 'integer').execute();
  await db.schema.alterTable('executions').addColumn('trailing_points', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('executions').dropColumn('trailing_points').execute();
  await db.schema.alterTable('orders').dropColumn('trailing_points').execute();
  await db.schema.dropTable('margin_warnings').execute();
  await db.schema.dropTable('margin_warning_levels').execute();
  await db.schema.dropTable('push_outbox').execute();
  await db.schema.dropTable('push_subscriptions').execute();
  await db.schema.dropTable('vapid_keys').execute();
  await db.schema.dropTable('notice_switches').execute();
  await db.schema.dropTable('notices').execute();
  await db.schema.dropTable('price_alerts').execute();
}
