import type { Kysely } from 'kysely';
import { isPostgres, withId } from './helpers.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  await withId(db.schema.createTable('users'), pg)
    .addColumn('uid', 'varchar(16)', (c) => c.notNull().unique())
    .addColumn('email', 'varchar(254)', (c) => c.unique())
    .addColumn('area_code', 'varchar(8)')
    .addColumn('mobile', 'varchar(20)')
    .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('invite_code', 'varchar(16)', (c) => c.notNull().unique())
    .addColumn('referrer_id', 'bigint', (c) => c.references('users.id'))
    .addColumn('is_demo', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('demo_id', 'varchar(64)', (c) => c.unique())
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('active'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_mobile').on('users').columns(['area_code', 'mobile']).unique().execute();

  await withId(db.schema.createTable('sessions'), pg)
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sessions').execute();
  await db.schema.dropTable('users').execute();
}
