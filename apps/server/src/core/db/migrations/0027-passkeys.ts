import type { Kysely } from 'kysely';
import { isPostgres, withId } from './helpers.js';

/**
 * Passkeys (docs/passkeys.md):
 * - `passkeys`: a trader's WebAuthn credentials — the credential id and COSE public key
 *   (base64url), the signature counter last seen, the transports the browser named, and the
 *   name the trader gave it;
 * - `passkey_challenges`: a challenge handed out for a registration or a sign-in, used once
 *   (deleted when answered) and refused after it expires; in the database so that any
 *   instance behind the balancer can check the answer.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  await withId(db.schema.createTable('passkeys'), pg)
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('credential_id', 'varchar(1400)', (c) => c.notNull().unique())
    .addColumn('public_key', 'varchar(2000)', (c) => c.notNull())
    .addColumn('counter', 'bigint', (c) => c.notNull())
    .addColumn('transports', 'varchar(200)', (c) => c.notNull())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint')
    .execute();
  await db.schema.createIndex('passkeys_user').on('passkeys').column('user_id').execute();
  await db.schema
    .createTable('passkey_challenges')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('challenge', 'varchar(64)', (c) => c.notNull())
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    // The trader registering (a sign-in's challenge belongs to no one yet).
    .addColumn('user_id', 'bigint')
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('passkey_challenges_expiry')
    .on('passkey_challenges')
    .column('expires_at')
    .execute();
}
