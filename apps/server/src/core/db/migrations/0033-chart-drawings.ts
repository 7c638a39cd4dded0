import type { Kysely } from 'kysely';
import { isPostgres, withId } from './helpers.js';

/**
 * Chart drawings (docs/chart.md "Drawings"): a trader's lines on an instrument's chart, one
 * row each. A drawing has one or two points: `time1`/`time2` are epoch seconds (the chart's
 * bar times, not ms), `price1`/`price2` integer points of the instrument; the second pair is
 * null for a horizontal line. `color` is one of the contract's colour names.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db.schema.createTable('chart_drawings'), isPostgres(db))
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('instrument_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('time1', 'bigint', (c) => c.notNull())
    .addColumn('price1', 'bigint', (c) => c.notNull())
    .addColumn('time2', 'bigint')
    .addColumn('price2', 'bigint')
    .addColumn('color', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('chart_drawings_owner')
    .on('chart_drawings')
    .columns(['user_id', 'instrument_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('chart_drawings').execute();
}
