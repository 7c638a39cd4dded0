import { sql, type Kysely } from 'kysely';

/**
 * Overnight financing (docs/money.md "Overnight financing (swap)"): each instrument's long
 * and short rate, their unit and the rollover that counts three nights; each position's
 * financing so far; one row per position and trading day charged (the marker that makes a
 * rollover charge a position once, whatever restarts, takeovers or instances); and one row
 * per rollover run, so a restarted engine knows which days it still owes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const instrumentColumns: [string, string, string][] = [
    ['swap_long', 'varchar(24)', '0'],
    ['swap_short', 'varchar(24)', '0'],
    ['swap_unit', 'varchar(20)', 'points'],
    ['swap_triple_day', 'varchar(12)', 'wednesday'],
  ];
  for (const [name, type, initial] of instrumentColumns)
    await db.schema
      .alterTable('instruments')
      .addColumn(name, sql.raw(type), (c) => c.notNull().defaultTo(initial))
      .execute();
  // Existing instruments take the defaults new ones are seeded with (seed/instruments.ts defaultSwapTerms).
  await sql`UPDATE instruments SET swap_long = '-6.5', swap_short = '1.2' WHERE session = 'forex'`.execute(
    db,
  );
  await sql`UPDATE instruments SET swap_unit = 'percent_per_year', swap_long = '-6', swap_short = '2'
    WHERE session = 'metals'`.execute(db);
  await sql`UPDATE instruments SET swap_unit = 'percent_per_year', swap_long = '-5.5', swap_short = '1.5',
    swap_triple_day = 'friday' WHERE session = 'indices'`.execute(db);
  await sql`UPDATE instruments SET swap_unit = 'percent_per_year', swap_long = '-4', swap_short = '-2',
    swap_triple_day = 'friday' WHERE session = 'energy'`.execute(db);
  await sql`UPDATE instruments SET swap_unit = 'percent_per_year', swap_long = '-20', swap_short = '-10',
    swap_triple_day = 'none' WHERE session = 'crypto'`.execute(db);

  await db.schema
    .alterTable('orders')
    .addColumn('swap', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('swap_charges')
    .addColumn('order_id', 'bigint', (c) => c.notNull().references('orders.id'))
    // The New York date of the rollover (YYYY-MM-DD) that ended the trading day charged.
    .addColumn('trading_day', 'varchar(10)', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('nights', 'integer', (c) => c.notNull())
    // Signed micro-USD: negative charged to the trader, positive paid.
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('charged_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('swap_charges_pk', ['order_id', 'trading_day'])
    .execute();
  await db.schema.createIndex('swap_charges_day').on('swap_charges').column('trading_day').execute();

  await db.schema
    .createTable('rollovers')
    .addColumn('trading_day', 'varchar(10)', (c) => c.primaryKey())
    // The instant of that day's 17:00 New York: positions opened before it are charged.
    .addColumn('rollover_at', 'bigint', (c) => c.notNull())
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    // Null while it runs (or when the engine running it died: the next engine finishes it).
    .addColumn('finished_at', 'bigint')
    .addColumn('positions', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rollovers').execute();
  await db.schema.dropTable('swap_charges').execute();
  await db.schema.alterTable('orders').dropColumn('swap').execute();
  for (const column of ['swap_triple_day', 'swap_unit', 'swap_short', 'swap_long'])
    await db.schema.alterTable('instruments').dropColumn(column).execute();
}
