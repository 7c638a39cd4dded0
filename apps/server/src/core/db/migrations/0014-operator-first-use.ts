import type { Kysely } from 'kysely';

/**
 * An operator's first use (docs/api.md "Back office API"): `operators.must_change_password`
 * is 1 while the operator still has a password they did not choose — generated at the first
 * start, ADMIN_PASSWORD, or set by an admin creating or resetting them — and 0 once they
 * replaced it themselves. Operators already there keep theirs (0): nothing tells a
 * generated password from one the operator chose before this column existed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('operators')
    .addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('operators').dropColumn('must_change_password').execute();
}
