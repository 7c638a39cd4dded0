import { sql, type Kysely } from 'kysely';
import { isPostgres, withId } from './helpers.js';

/**
 * Double-entry books (docs/money.md "Double-entry books"): each account-log row that moves a
 * balance gets the house's side of it in `ledger_entries`, so every transaction sums to zero.
 * Existing history is given its contra entries here, so the books start balanced: deposits
 * in transit per channel and currency, withdrawals per method and currency, the P&L of a
 * position closed at the provider against A-book settlement, the rest by kind.
 *
 * PostgreSQL refuses an unbalanced transaction itself: a deferred constraint trigger checks,
 * at commit, every account-log row and ledger entry written; SQLite's ledger checks the same
 * in the transaction that writes them (core/money/ledger.repository.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  await withId(db.schema.createTable('ledger_entries'), pg)
    // The transaction: the account-log row whose trader leg this entry balances.
    .addColumn('log_id', 'bigint', (c) => c.notNull())
    .addColumn('account', 'varchar(48)', (c) => c.notNull())
    // Signed micro-USD: minus the trader leg's amount.
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ledger_entries_log').on('ledger_entries').column('log_id').execute();
  await db.schema
    .createIndex('ledger_entries_account')
    .on('ledger_entries')
    .columns(['account', 'created_at'])
    .execute();

  const text = (column: string) => (pg ? sql.raw(`${column}::text`) : sql.raw(column));
  await sql`
    INSERT INTO ledger_entries (log_id, account, amount, created_at)
    SELECT l.id,
      CASE l.type
        WHEN 'deposit' THEN CASE WHEN d.id IS NULL THEN 'deposits'
          ELSE 'deposits:' || ${text('d.channel_id')} || ':' || d.currency_code END
        WHEN 'withdraw_paid' THEN CASE WHEN w.id IS NULL THEN 'withdrawals'
          ELSE 'withdrawals:' || ${text('w.draw_method_id')} || ':' || c.code END
        WHEN 'trade_profit' THEN CASE WHEN e.id IS NULL THEN 'client_pnl' ELSE 'a_book_settlement' END
        WHEN 'trade_fee' THEN 'fee_revenue'
        WHEN 'negative_balance_reset' THEN 'negative_balance_writeoff'
        WHEN 'adjustment' THEN 'operator_adjustments'
        WHEN 'demo_credit' THEN 'demo_funding'
        WHEN 'demo_reset' THEN 'demo_funding'
        ELSE 'operator_adjustments'
      END,
      0 - l.amount,
      l.created_at
    FROM account_logs l
    LEFT JOIN deposits d ON l.type = 'deposit' AND l.ref_type = 'deposit' AND d.id = l.ref_id
    LEFT JOIN withdrawals w ON l.type = 'withdraw_paid' AND l.ref_type = 'withdrawal' AND w.id = l.ref_id
    LEFT JOIN withdraw_currencies c ON c.id = w.draw_currency_id
    LEFT JOIN executions e ON l.type = 'trade_profit' AND l.ref_type = 'order'
      AND e.order_id = l.ref_id AND e.purpose = 'close' AND e.state = 'booked'
    WHERE l.amount <> 0
    ORDER BY l.id`.execute(db);

  if (!pg) return;
  await sql`
    CREATE FUNCTION ledger_check_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      txn bigint;
      gap bigint;
    BEGIN
      IF TG_TABLE_NAME = 'account_logs' THEN txn := NEW.id; ELSE txn := NEW.log_id; END IF;
      SELECT l.amount + COALESCE((SELECT SUM(e.amount) FROM ledger_entries e WHERE e.log_id = l.id), 0)
        INTO gap FROM account_logs l WHERE l.id = txn;
      IF gap IS NULL THEN
        RAISE EXCEPTION 'ledger entry % balances no account-log row', NEW.id USING ERRCODE = 'check_violation';
      END IF;
      IF gap <> 0 THEN
        RAISE EXCEPTION 'unbalanced ledger transaction % (off by % micro-USD)', txn, gap
          USING ERRCODE = 'check_violation';
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  for (const table of ['account_logs', 'ledger_entries'])
    await sql`
      CREATE CONSTRAINT TRIGGER ${sql.raw(`${table}_balanced`)} AFTER INSERT ON ${sql.table(table)}
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_check_balanced()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`DROP TRIGGER IF EXISTS account_logs_balanced ON account_logs`.execute(db);
    await sql`DROP TRIGGER IF EXISTS ledger_entries_balanced ON ledger_entries`.execute(db);
    await sql`DROP FUNCTION IF EXISTS ledger_check_balanced()`.execute(db);
  }
  await db.schema.dropTable('ledger_entries').execute();
}
