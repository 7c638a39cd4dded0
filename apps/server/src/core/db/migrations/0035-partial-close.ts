import type { Kysely } from 'kysely';

/**
 * Partial closes (docs/money.md "Partial close and close all"): the part of a position a
 * trader closes becomes an order of its own, closed, that names the position it was taken
 * from (`orders.split_from`; the position keeps its id and the rest of its lots). A close at
 * the provider (A-book) that closed a part names the order it booked for that part
 * (`executions.part_order_id`), so a repeated request answers with it. Existing rows are
 * whole positions and whole closes: both null.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('split_from', 'bigint').execute();
  await db.schema.createIndex('orders_split_from').on('orders').column('split_from').execute();
  await db.schema.alterTable('executions').addColumn('part_order_id', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('executions').dropColumn('part_order_id').execute();
  await db.schema.dropIndex('orders_split_from').execute();
  await db.schema.alterTable('orders').dropColumn('split_from').execute();
}
