import type { Kysely } from 'kysely';

/**
 * The last check of the books (docs/money.md "Double-entry books"), kept in the database so
 * every instance shows the same: the engine checks, the others read its finding.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('books_status')
    // One row: 1.
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('checked_at', 'bigint', (c) => c.notNull())
    .addColumn('reason', 'varchar(16)', (c) => c.notNull())
    // The problems found, as JSON (AdminBooksStatus.problems).
    .addColumn('problems', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('books_status').execute();
}
