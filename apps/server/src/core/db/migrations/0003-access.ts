import type { Kysely } from 'kysely';
import { isPostgres, withId } from './helpers.js';

/** Verification codes, captchas, rate-limit hits, the message outbox and companies. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  await withId(db.schema.createTable('verification_codes'), pg)
    .addColumn('target', 'varchar(254)', (c) => c.notNull())
    .addColumn('purpose', 'integer', (c) => c.notNull())
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('consumed_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('verification_codes_target')
    .on('verification_codes')
    .columns(['target', 'purpose', 'created_at'])
    .execute();

  await db.schema
    .createTable('captchas')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('answer', 'varchar(16)', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable('rate_hits'), pg)
    .addColumn('bucket', 'varchar(32)', (c) => c.notNull())
    .addColumn('key', 'varchar(254)', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_hits_lookup').on('rate_hits').columns(['bucket', 'key', 'at']).execute();

  await withId(db.schema.createTable('outbox'), pg)
    .addColumn('channel', 'varchar(8)', (c) => c.notNull())
    .addColumn('recipient', 'varchar(254)', (c) => c.notNull())
    .addColumn('subject', 'varchar(254)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable('companies'), pg)
    .addColumn('name', 'varchar(120)', (c) => c.notNull())
    .addColumn('logo', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('url', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('subject', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('registered_address', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('location', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('email', 'varchar(254)', (c) => c.notNull().defaultTo(''))
    .addColumn('is_main', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['companies', 'outbox', 'rate_hits', 'captchas', 'verification_codes']) {
    await db.schema.dropTable(t).execute();
  }
}
