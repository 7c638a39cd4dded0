import type { Kysely } from 'kysely';
import { isPostgres, withId } from './helpers.js';

/**
 * Orders: pending orders, open positions and their history in one table, by status.
 * Prices are integer points of the instrument; money is micro-USD; lots a decimal string.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  await withId(db.schema.createTable('orders'), pg)
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('instrument_id', 'integer', (c) => c.notNull().references('instruments.id'))
    .addColumn('side', 'integer', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('lots', 'varchar(24)', (c) => c.notNull())
    .addColumn('leverage', 'integer', (c) => c.notNull())
    .addColumn('margin_mode', 'integer', (c) => c.notNull())
    .addColumn('target_price', 'bigint')
    .addColumn('pending_kind', 'varchar(12)')
    .addColumn('open_price', 'bigint')
    .addColumn('close_price', 'bigint')
    .addColumn('tp', 'bigint')
    .addColumn('sl', 'bigint')
    .addColumn('margin', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('fee', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('profit', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('close_reason', 'varchar(16)')
    .addColumn('idempotency_key', 'varchar(64)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('opened_at', 'bigint')
    .addColumn('closed_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('orders_user_status')
    .on('orders')
    .columns(['user_id', 'status', 'id'])
    .execute();
  await db.schema.createIndex('orders_live').on('orders').columns(['status']).execute();
  await db.schema
    .createIndex('orders_idempotency')
    .on('orders')
    .columns(['user_id', 'idempotency_key'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('orders').execute();
}
