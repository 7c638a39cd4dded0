import type { Kysely } from 'kysely';

/**
 * Move alerts (docs/notifications.md "Price alerts"): `price_alerts` gets a `kind` (price |
 * move; existing rows are price alerts), a move alert's window and percentage (hundredths
 * of a percent, an integer: 50 is 0.50 %), and the reference a fired move alert moved from
 * (points: the window's low for up, its high for down). A move alert's `level` is 0.
 * One column per statement: SQLite alters a table one column at a time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('price_alerts')
    .addColumn('kind', 'varchar(8)', (c) => c.notNull().defaultTo('price'))
    .execute();
  await db.schema.alterTable('price_alerts').addColumn('move_window', 'varchar(8)').execute();
  await db.schema.alterTable('price_alerts').addColumn('move_hundredths', 'integer').execute();
  await db.schema.alterTable('price_alerts').addColumn('fired_reference', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['fired_reference', 'move_hundredths', 'move_window', 'kind'])
    await db.schema.alterTable('price_alerts').dropColumn(column).execute();
}
