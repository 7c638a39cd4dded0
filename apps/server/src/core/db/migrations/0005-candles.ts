import type { Kysely } from 'kysely';

/**
 * Candles of every period, one row per instrument × period × start. Prices are integer
 * points like the quotes table; `time` is the start in epoch ms. The primary key is also
 * the index every read uses (the latest N candles of one instrument and period).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('candles')
    .addColumn('instrument_id', 'integer', (c) => c.notNull())
    .addColumn('period', 'varchar(8)', (c) => c.notNull())
    .addColumn('time', 'bigint', (c) => c.notNull())
    .addColumn('open', 'bigint', (c) => c.notNull())
    .addColumn('high', 'bigint', (c) => c.notNull())
    .addColumn('low', 'bigint', (c) => c.notNull())
    .addColumn('close', 'bigint', (c) => c.notNull())
    .addColumn('volume', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('candles_pk', ['instrument_id', 'period', 'time'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('candles').execute();
}
