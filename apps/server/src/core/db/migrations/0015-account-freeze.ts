import { sql, type Kysely } from 'kysely';

/**
 * An operator's trading freeze moves from `users` to `accounts`: it is a state of the trading
 * account, read by the account lock in the statement that locks the row (core/money), and
 * `users` belongs to the auth module (docs/architecture.md "Layers and modules"). Frozen
 * users stay frozen.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('accounts')
    .addColumn('trading_frozen', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`UPDATE accounts SET trading_frozen = 1
    WHERE user_id IN (SELECT id FROM users WHERE trading_frozen = 1)`.execute(db);
  await db.schema.alterTable('users').dropColumn('trading_frozen').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('trading_frozen', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`UPDATE users SET trading_frozen = 1
    WHERE id IN (SELECT user_id FROM accounts WHERE trading_frozen = 1)`.execute(db);
  await db.schema.alterTable('accounts').dropColumn('trading_frozen').execute();
}
