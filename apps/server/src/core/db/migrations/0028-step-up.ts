import type { Kysely } from 'kysely';

/**
 * Step-up (docs/passkeys.md "Step-up before a withdrawal"): when a session last proved its
 * trader is there — its sign-in, or the password or a passkey asked for again. Existing
 * sessions carry 0: their next withdrawal asks.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('sessions')
    .addColumn('verified_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('verified_at').execute();
}
