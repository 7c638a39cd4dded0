import type { Kysely } from 'kysely';

/**
 * A trading group's markup (docs/trading-groups.md "Markup"): points a group condition adds
 * to the trader's spread on top of the instrument's markup; on each order the group's markup
 * it was placed with, which its fill, close, TP/SL and valuation keep; and on an A-book
 * execution the group markup of the position it opens. Existing rows carry none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Null: what is above (the category's, or none).
  await db.schema.alterTable('group_conditions').addColumn('markup', 'integer').execute();
  await db.schema
    .alterTable('orders')
    .addColumn('group_markup', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('executions')
    .addColumn('group_markup', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('executions').dropColumn('group_markup').execute();
  await db.schema.alterTable('orders').dropColumn('group_markup').execute();
  await db.schema.alterTable('group_conditions').dropColumn('markup').execute();
}
