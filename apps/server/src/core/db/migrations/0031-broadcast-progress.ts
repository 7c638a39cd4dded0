import { sql, type Kysely } from 'kysely';

/**
 * The progress of an announcement send, as the back office shows it (docs/notifications.md
 * "Announcements"):
 * - `total`: the traders the send is to go through, counted in the operator's transaction
 *   when it is recorded (active users then). Null for the sends recorded before this column.
 * - `reached`: the traders the job has gone through so far, counted in each batch's
 *   transaction with its cursor and notices (`written` stays the notices written: a trader
 *   who switched announcements off is reached and gets none). Sends recorded before carry
 *   `written`, the best count there is of them.
 * One column per statement: SQLite alters a table one column at a time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('announcement_broadcasts').addColumn('total', 'integer').execute();
  await db.schema
    .alterTable('announcement_broadcasts')
    .addColumn('reached', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`UPDATE announcement_broadcasts SET reached = written`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['reached', 'total'])
    await db.schema.alterTable('announcement_broadcasts').dropColumn(column).execute();
}
