import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers.js';

/**
 * The money core (docs/money.md):
 * - a balance may be below zero while positions are open (a realised loss next to an open
 *   winner); negative balance protection writes the shortfall off once none is left open.
 *   lock_balance (funds held by withdrawals) still never goes below zero;
 * - each account-log row also records how it moved lock_balance, and an operator's memo;
 * - idempotency keys are stored with their first result, in the transaction of the change;
 * - lots written with extra zeros ("0.01000") are stored in their one canonical spelling.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`ALTER TABLE accounts DROP CONSTRAINT accounts_balance_not_negative`.execute(db);
    await sql`ALTER TABLE accounts ADD CONSTRAINT accounts_lock_not_negative CHECK (lock_balance >= 0)`.execute(
      db,
    );
  } else {
    // SQLite cannot drop a CHECK constraint: rebuild the table (nothing references it).
    await sql`CREATE TABLE accounts_next (
      user_id bigint PRIMARY KEY REFERENCES users(id),
      balance bigint NOT NULL DEFAULT 0,
      lock_balance bigint NOT NULL DEFAULT 0,
      updated_at bigint NOT NULL,
      CONSTRAINT accounts_lock_not_negative CHECK (lock_balance >= 0)
    )`.execute(db);
    await sql`INSERT INTO accounts_next (user_id, balance, lock_balance, updated_at)
      SELECT user_id, balance, lock_balance, updated_at FROM accounts`.execute(db);
    await sql`DROP TABLE accounts`.execute(db);
    await sql`ALTER TABLE accounts_next RENAME TO accounts`.execute(db);
  }

  await db.schema
    .alterTable('account_logs')
    .addColumn('lock_amount', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('account_logs')
    .addColumn('lock_after', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('account_logs').addColumn('memo', 'varchar(200)').execute();
  await db.schema
    .createIndex('account_logs_ref')
    .on('account_logs')
    .columns(['ref_type', 'ref_id'])
    .execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('scope', 'varchar(32)', (c) => c.notNull())
    .addColumn('key', 'varchar(64)', (c) => c.notNull())
    .addColumn('request_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('response', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'scope', 'key'])
    .execute();

  // Canonical lots: "0.01000" → "0.01", "1.000" → "1" (what the engine and the API expect).
  const rows = await sql<{
    id: number;
    lots: string;
  }>`SELECT id, lots FROM orders WHERE lots LIKE '%.%0' OR lots LIKE '0%'`.execute(db);
  for (const row of rows.rows) {
    const canonical = canonicalLots(row.lots);
    if (canonical !== null && canonical !== row.lots) {
      await sql`UPDATE orders SET lots = ${canonical} WHERE id = ${row.id}`.execute(db);
    }
  }
}

/** The canonical spelling of a stored lot size, or null when it is not a plain decimal. */
function canonicalLots(lots: string): string | null {
  if (!/^\d+(\.\d+)?$/.test(lots)) return null;
  const [whole = '0', fraction = ''] = lots.split('.');
  const w = whole.replace(/^0+(?=\d)/, '');
  const f = fraction.replace(/0+$/, '');
  return f ? `${w}.${f}` : w;
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('idempotency_keys').execute();
  await db.schema.dropIndex('account_logs_ref').execute();
  await db.schema.alterTable('account_logs').dropColumn('memo').execute();
  await db.schema.alterTable('account_logs').dropColumn('lock_after').execute();
  await db.schema.alterTable('account_logs').dropColumn('lock_amount').execute();
}
