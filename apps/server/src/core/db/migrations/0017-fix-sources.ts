import { sql, type Kysely } from 'kysely';

/**
 * The liquidity provider's FIX sessions as operators set them in the back office
 * (docs/market-data.md "Connecting a provider"): one row per slot (md_primary, md_backup,
 * trade). The password is kept here and never sent back to a browser. And each execution's
 * outcome as a code (docs/execution.md), so the trader's answer and the back office read
 * it rather than a sentence; existing rows get theirs from the sentence they were given.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('fix_sources')
    .addColumn('slot', 'varchar(16)', (c) => c.primaryKey())
    .addColumn('host', 'varchar(253)', (c) => c.notNull())
    .addColumn('port', 'integer', (c) => c.notNull())
    .addColumn('sender_comp_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('target_comp_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('username', 'varchar(64)')
    .addColumn('password', 'varchar(64)')
    // Instrument codes, comma-separated; empty: every instrument.
    .addColumn('instruments', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('from_env', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('executions').addColumn('outcome', 'varchar(20)').execute();
  await sql`UPDATE executions SET outcome = CASE
      WHEN state = 'timed_out' THEN 'timed_out'
      WHEN state = 'rejected' AND reason LIKE 'no fill%' THEN 'no_fill'
      WHEN state = 'rejected' THEN 'provider_rejected'
      WHEN state = 'unbooked' AND reason LIKE 'filled below%' THEN 'below_min_lots'
      WHEN state = 'unbooked' AND reason LIKE '%already closed%' THEN 'already_closed'
      WHEN state = 'unbooked' THEN 'late_fill'
    END`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('executions').dropColumn('outcome').execute();
  await db.schema.dropTable('fix_sources').execute();
}
