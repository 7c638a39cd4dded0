import { sql, type Kysely } from 'kysely';
import { ESMA_RETAIL_CAPS } from '@pipwise/shared';
import { isPostgres, withId } from './helpers.js';

/**
 * Trading groups (docs/trading-groups.md): the groups, what each sets per category or
 * instrument, the retail leverage caps per asset class (seeded with ESMA's), an instrument's
 * class when an operator sets it, each account's group, and on each order the terms it was
 * opened with (its group, the commission's terms for the close, swap-free) and the
 * commission charged so far. Existing accounts land in the default group of their kind;
 * existing orders keep no commission and pay swaps as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  await withId(db.schema.createTable('trading_groups'), postgres)
    .addColumn('name', 'varchar(60)', (c) => c.notNull())
    // Case-insensitive uniqueness, the same way on both databases.
    .addColumn('name_key', 'varchar(60)', (c) => c.notNull().unique())
    .addColumn('account_kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('professional', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('swap_free', 'integer', (c) => c.notNull().defaultTo(0))
    // 0: the broker's trade_fee_type setting.
    .addColumn('trade_fee_type', 'integer', (c) => c.notNull().defaultTo(0))
    // Percent as decimal text; null: the broker's settings (both or neither).
    .addColumn('margin_call_level', 'varchar(16)')
    .addColumn('stop_out_level', 'varchar(16)')
    .addColumn('commission_type', 'varchar(16)', (c) => c.notNull().defaultTo('none'))
    .addColumn('commission_rate', 'varchar(24)', (c) => c.notNull().defaultTo('0'))
    .addColumn('commission_min', 'varchar(24)', (c) => c.notNull().defaultTo('0'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // One default group per kind, enforced by the database (a partial unique index on both).
  await sql`CREATE UNIQUE INDEX trading_groups_one_default ON trading_groups (account_kind) WHERE is_default = 1`.execute(
    db,
  );

  await withId(db.schema.createTable('group_conditions'), postgres)
    .addColumn('group_id', 'bigint', (c) => c.notNull().references('trading_groups.id'))
    // Exactly one of the two is set.
    .addColumn('category_id', 'bigint')
    .addColumn('instrument_id', 'bigint')
    // JSON array of integers; null: what is above.
    .addColumn('leverages', 'varchar(200)')
    .addColumn('fee_rate', 'varchar(24)')
    .addColumn('commission_type', 'varchar(16)')
    .addColumn('commission_rate', 'varchar(24)')
    .addColumn('commission_min', 'varchar(24)')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await sql`CREATE UNIQUE INDEX group_conditions_category ON group_conditions (group_id, category_id) WHERE category_id IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE UNIQUE INDEX group_conditions_instrument ON group_conditions (group_id, instrument_id) WHERE instrument_id IS NOT NULL`.execute(
    db,
  );

  await db.schema
    .createTable('leverage_caps')
    .addColumn('asset_class', 'varchar(20)', (c) => c.primaryKey())
    .addColumn('cap', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  const now = Date.now();
  for (const [assetClass, cap] of Object.entries(ESMA_RETAIL_CAPS))
    await sql`INSERT INTO leverage_caps (asset_class, cap, updated_at) VALUES (${assetClass}, ${cap}, ${now})`.execute(
      db,
    );
  // The defaults offer the catalogue's leverage as before groups existed (exempt from the
  // caps); a broker under ESMA makes "Retail (ESMA)" the real default (docs/trading-groups.md).
  const groups: [string, string, number, number][] = [
    ['Standard', 'real', 1, 1],
    ['Retail (ESMA)', 'real', 0, 0],
    ['Demo', 'demo', 1, 1],
  ];
  for (const [name, kind, isDefault, professional] of groups)
    await sql`INSERT INTO trading_groups (name, name_key, account_kind, is_default, professional, created_at, updated_at)
      VALUES (${name}, ${name.toLowerCase()}, ${kind}, ${isDefault}, ${professional}, ${now}, ${now})`.execute(
      db,
    );

  await db.schema.alterTable('instruments').addColumn('asset_class', 'varchar(20)').execute();

  await db.schema.alterTable('accounts').addColumn('group_id', 'bigint').execute();
  // Every account in the default group of its kind (users.is_demo).
  await sql`UPDATE accounts SET group_id = (SELECT g.id FROM trading_groups g WHERE g.is_default = 1
      AND g.account_kind = (SELECT CASE WHEN u.is_demo = 1 THEN 'demo' ELSE 'real' END FROM users u WHERE u.id = accounts.user_id))`.execute(
    db,
  );

  const orderColumns: [string, string][] = [
    ['group_id', 'bigint'],
    ['commission_type', 'varchar(16)'],
    ['commission_rate', 'varchar(24)'],
    ['commission_min', 'varchar(24)'],
  ];
  for (const [name, type] of orderColumns)
    await db.schema.alterTable('orders').addColumn(name, sql.raw(type)).execute();
  await db.schema
    .alterTable('orders')
    .addColumn('commission', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('swap_free', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of [
    'swap_free',
    'commission',
    'commission_min',
    'commission_rate',
    'commission_type',
    'group_id',
  ])
    await db.schema.alterTable('orders').dropColumn(column).execute();
  await db.schema.alterTable('accounts').dropColumn('group_id').execute();
  await db.schema.alterTable('instruments').dropColumn('asset_class').execute();
  await db.schema.dropTable('leverage_caps').execute();
  await db.schema.dropTable('group_conditions').execute();
  await db.schema.dropTable('trading_groups').execute();
}
