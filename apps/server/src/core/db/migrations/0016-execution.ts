import { sql, type Kysely } from 'kysely';
import { isPostgres, withId } from './helpers.js';

/**
 * A-book execution and markups (docs/execution.md): how each instrument is executed and
 * priced, which accounts an operator routes to the provider, and every order sent to the
 * provider with its outcome.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  await db.schema
    .alterTable('instruments')
    .addColumn('execution_mode', 'varchar(8)', (c) => c.notNull().defaultTo('b_book'))
    .execute();
  await db.schema
    .alterTable('instruments')
    .addColumn('max_slippage_points', 'integer', (c) => c.notNull().defaultTo(10))
    .execute();
  await db.schema
    .alterTable('instruments')
    .addColumn('markup_points', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('instruments').addColumn('provider_symbol', 'varchar(32)').execute();
  // Existing instruments: two spreads, as new ones get (seed/instruments.ts defaultMaxSlippagePoints).
  await sql`UPDATE instruments SET max_slippage_points = 2 * spread_points`.execute(db);
  await db.schema
    .alterTable('accounts')
    .addColumn('a_book', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await withId(db.schema.createTable('executions'), pg)
    .addColumn('cl_ord_id', 'varchar(40)', (c) => c.notNull().unique())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('instrument_id', 'integer', (c) => c.notNull().references('instruments.id'))
    .addColumn('purpose', 'varchar(8)', (c) => c.notNull())
    .addColumn('order_id', 'bigint')
    .addColumn('side', 'integer', (c) => c.notNull())
    .addColumn('lots', 'varchar(24)', (c) => c.notNull())
    .addColumn('leverage', 'integer', (c) => c.notNull())
    .addColumn('tp', 'bigint')
    .addColumn('sl', 'bigint')
    .addColumn('quoted_price', 'bigint', (c) => c.notNull())
    .addColumn('limit_price', 'bigint', (c) => c.notNull())
    .addColumn('markup_points', 'integer', (c) => c.notNull())
    .addColumn('state', 'varchar(12)', (c) => c.notNull())
    .addColumn('filled_lots', 'varchar(24)')
    .addColumn('lp_price', 'bigint')
    .addColumn('lp_order_id', 'varchar(64)')
    .addColumn('reason', 'varchar(200)')
    .addColumn('idempotency_key', 'varchar(64)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('resolved_at', 'bigint')
    .execute();
  await db.schema.createIndex('executions_state').on('executions').columns(['state']).execute();
  await db.schema
    .createIndex('executions_idempotency')
    .on('executions')
    .columns(['user_id', 'idempotency_key'])
    .unique()
    .execute();
  await db.schema.createIndex('executions_order').on('executions').columns(['order_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('executions').execute();
  await db.schema.alterTable('accounts').dropColumn('a_book').execute();
  for (const column of ['provider_symbol', 'markup_points', 'max_slippage_points', 'execution_mode'])
    await db.schema.alterTable('instruments').dropColumn(column).execute();
}
