import type { Kysely } from 'kysely';
import { isPostgres, withId } from './helpers.js';

/**
 * Content and support (docs/api.md "Content and support"): news articles with one row of
 * text per language, the announcement per language, the follow-trader ranking and the
 * traders' feedback (the back office's support queue). HTML columns hold what the
 * sanitizer kept when the operator saved it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  const text = (size: number) => `varchar(${size})` as const;

  await withId(db.schema.createTable('news'), pg)
    .addColumn('category_id', 'integer', (c) => c.notNull())
    .addColumn('base_lang', text(4), (c) => c.notNull())
    .addColumn('logo', text(500), (c) => c.notNull().defaultTo(''))
    .addColumn('published', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_sample', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'bigint')
    .addColumn('updated_by', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('news_listing')
    .on('news')
    .columns(['category_id', 'published', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('news_translations')
    .addColumn('news_id', 'bigint', (c) => c.notNull().references('news.id').onDelete('cascade'))
    .addColumn('lang', text(4), (c) => c.notNull())
    .addColumn('title', text(200), (c) => c.notNull())
    .addColumn('summary', text(500), (c) => c.notNull().defaultTo(''))
    .addColumn('content', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('news_translations_pk', ['news_id', 'lang'])
    .execute();

  await db.schema
    .createTable('announcements')
    .addColumn('lang', text(4), (c) => c.primaryKey())
    .addColumn('title', text(200), (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('is_sample', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_by', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable('follow_traders'), pg)
    .addColumn('display_name', text(60), (c) => c.notNull())
    .addColumn('avatar', text(500), (c) => c.notNull().defaultTo(''))
    .addColumn('multiple', 'integer', (c) => c.notNull())
    .addColumn('three_week_rate', text(32), (c) => c.notNull())
    .addColumn('three_week_win', text(32), (c) => c.notNull())
    .addColumn('three_week_profit', text(32), (c) => c.notNull())
    .addColumn('total_rate', text(32), (c) => c.notNull())
    .addColumn('total_trade_num', 'integer', (c) => c.notNull())
    .addColumn('code', text(32), (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_sample', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable('feedback'), pg)
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('topic', 'integer', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('screenshot_upload_id', 'bigint', (c) => c.references('uploads.id'))
    .addColumn('lang', text(4), (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('handled_by', 'bigint')
    .addColumn('handled_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('feedback_status').on('feedback').columns(['status', 'id']).execute();
  await db.schema.createIndex('feedback_user').on('feedback').columns(['user_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('feedback').execute();
  await db.schema.dropTable('follow_traders').execute();
  await db.schema.dropTable('announcements').execute();
  await db.schema.dropTable('news_translations').execute();
  await db.schema.dropTable('news').execute();
}
