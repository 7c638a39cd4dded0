import type { Kysely } from 'kysely';

/**
 * FIX sessions' sequence numbers in the database (docs/market-data.md "In the scaled
 * shape"): whichever instance becomes the engine resumes the provider's sessions where the
 * last one stopped, on any machine.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('fix_sequences')
    // The slot and the session: `md_primary/FIX.4.4-SENDER-TARGET`.
    .addColumn('session_key', 'varchar(200)', (c) => c.primaryKey())
    .addColumn('sender_seq', 'bigint', (c) => c.notNull())
    .addColumn('target_seq', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('fix_sequences').execute();
}
