import { sql, type Kysely } from 'kysely';

/**
 * Trust (docs/market-data.md "Fresh prices", docs/money.md "The engine's memory"):
 * - `instruments.max_quote_age_ms`: nothing is priced from a quote older than this. 24/7
 *   instruments (crypto) tick continuously and get 5 s; session instruments, whose ticks
 *   thin out at the edges of their sessions, 15 s. Operators change it per instrument.
 * - `accounts.change_seq`: +1 in every committed transaction that changes the user's money
 *   or orders, carried by the events it publishes, so the engine's index can tell an event
 *   it already holds (from a read of the database) from one it does not.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('instruments')
    .addColumn('max_quote_age_ms', 'integer', (c) => c.notNull().defaultTo(15_000))
    .execute();
  await sql`UPDATE instruments SET max_quote_age_ms = 5000 WHERE session = 'crypto'`.execute(db);
  await db.schema
    .alterTable('accounts')
    .addColumn('change_seq', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('accounts').dropColumn('change_seq').execute();
  await db.schema.alterTable('instruments').dropColumn('max_quote_age_ms').execute();
}
