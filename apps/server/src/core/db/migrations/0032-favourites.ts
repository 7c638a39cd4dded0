import type { Kysely } from 'kysely';

/**
 * Favourites (docs/market-data.md "Favourites"): the instruments a trader starred, one row
 * each (the key makes starring twice a no-op), in the order starred.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('favourites')
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('instrument_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('favourites_pk', ['user_id', 'instrument_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('favourites').execute();
}
