import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('categories')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('names', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('instruments')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('code', 'varchar(20)', (c) => c.notNull().unique())
    .addColumn('show_code', 'varchar(32)', (c) => c.notNull())
    .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id'))
    .addColumn('base_currency', 'varchar(10)', (c) => c.notNull())
    .addColumn('quote_currency', 'varchar(10)', (c) => c.notNull())
    .addColumn('session', 'varchar(16)', (c) => c.notNull())
    .addColumn('price_precision', 'integer', (c) => c.notNull())
    .addColumn('lot_step', 'varchar(32)', (c) => c.notNull())
    .addColumn('min_lots', 'varchar(32)', (c) => c.notNull())
    .addColumn('contract_size', 'varchar(32)', (c) => c.notNull())
    .addColumn('margin_mode', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('leverages', 'text', (c) => c.notNull())
    .addColumn('fee_rate', 'varchar(32)', (c) => c.notNull())
    .addColumn('spread_points', 'integer', (c) => c.notNull())
    .addColumn('sim', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('instruments_category').on('instruments').column('category_id').execute();

  await db.schema
    .createTable('quotes')
    .addColumn('instrument_id', 'integer', (c) => c.primaryKey().references('instruments.id'))
    .addColumn('bid', 'bigint', (c) => c.notNull())
    .addColumn('ask', 'bigint', (c) => c.notNull())
    .addColumn('day_open', 'bigint', (c) => c.notNull())
    .addColumn('day_high', 'bigint', (c) => c.notNull())
    .addColumn('day_low', 'bigint', (c) => c.notNull())
    .addColumn('day_start', 'bigint', (c) => c.notNull())
    .addColumn('time', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('settings').execute();
  await db.schema.dropTable('quotes').execute();
  await db.schema.dropTable('instruments').execute();
  await db.schema.dropTable('categories').execute();
}
