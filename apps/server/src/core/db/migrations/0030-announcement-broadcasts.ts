import type { Kysely } from 'kysely';
import { isPostgres, withId } from './helpers.js';

/**
 * The announcement sent to the traders' inboxes (docs/notifications.md "Announcements"):
 * - `announcement_broadcasts`: one row per send, of one version of the announcement
 *   (`announcement_at`, unique: a version is sent once). A job fans it out in batches; the
 *   batch's notices and `last_user_id` (the cursor: the last trader done) commit together,
 *   so a crash resumes after the last batch committed. `lease_until`/`lease_owner` say which
 *   instance works it (taken by a conditional update, as the push outbox is); `done_at` is
 *   set with the last batch, `written` counts the notices written.
 * - `notices.broadcast_id`: the broadcast a notice tells, unique per trader, so no batch can
 *   ever write a trader twice however instances race.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  await withId(db.schema.createTable('announcement_broadcasts'), pg)
    .addColumn('announcement_at', 'bigint', (c) => c.notNull().unique())
    .addColumn('created_by', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_user_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('written', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lease_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('lease_owner', 'varchar(64)')
    .addColumn('done_at', 'bigint')
    .execute();
  await db.schema.alterTable('notices').addColumn('broadcast_id', 'bigint').execute();
  await db.schema
    .createIndex('notices_broadcast')
    .on('notices')
    .columns(['broadcast_id', 'user_id'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('notices_broadcast').execute();
  await db.schema.alterTable('notices').dropColumn('broadcast_id').execute();
  await db.schema.dropTable('announcement_broadcasts').execute();
}
