import type { Kysely } from 'kysely';

/**
 * What each position cost besides its fee (docs/money.md "The order ticket"): the spread
 * paid when it opened and when it closed, in micro-USD at the rates of those moments.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('spread_open', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('spread_close', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('spread_close').execute();
  await db.schema.alterTable('orders').dropColumn('spread_open').execute();
}
