import type { Kysely } from 'kysely';
import { isPostgres, withId } from './helpers.js';

/**
 * Trader statements and the mails that carry them (docs/statements.md):
 * - `statement_preferences`: per user, the monthly statement e-mail and trade confirmations
 *   (both off until the trader turns them on), with the language and time zone to write in;
 * - `statement_mailings`: one row per user and month once that month's statement is queued;
 *   its primary key is what keeps the monthly job from sending twice, whichever instance
 *   runs it and however often;
 * - `mail_queue`: e-mails written in the transaction that decided them and sent afterwards
 *   by whichever instance claims them, so a crash between the two sends late, not never.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  await db.schema
    .createTable('statement_preferences')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey())
    .addColumn('monthly_email', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('trade_confirmations', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lang', 'varchar(8)', (c) => c.notNull())
    .addColumn('time_zone', 'varchar(64)', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('statement_preferences_monthly')
    .on('statement_preferences')
    .columns(['monthly_email', 'user_id'])
    .execute();
  await db.schema
    .createTable('statement_mailings')
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('month', 'varchar(7)', (c) => c.notNull())
    .addColumn('mail_id', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('statement_mailings_pk', ['user_id', 'month'])
    .execute();
  await withId(db.schema.createTable('mail_queue'), pg)
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    // What the renderer of the kind needs, JSON (never the rendered mail: a PDF is made when sent).
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    // Not before this time (epoch ms): the next try, or the end of an instance's claim.
    .addColumn('due_at', 'bigint', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('sent_at', 'bigint')
    .execute();
  await db.schema.createIndex('mail_queue_due').on('mail_queue').columns(['status', 'due_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mail_queue').execute();
  await db.schema.dropTable('statement_mailings').execute();
  await db.schema.dropTable('statement_preferences').execute();
}
