import type { Selectable } from 'kysely';
import type { Db, StatementPreferenceTable } from '../../core/db/database.js';

/** Only this file touches `statement_preferences` and `statement_mailings`. */

export type PreferenceRow = Selectable<StatementPreferenceTable>;

export function findPreferences(db: Db, userId: number): Promise<PreferenceRow | undefined> {
  return db.selectFrom('statement_preferences').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function savePreferences(db: Db, row: PreferenceRow): Promise<void> {
  await db
    .insertInto('statement_preferences')
    .values(row)
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        monthly_email: row.monthly_email,
        trade_confirmations: row.trade_confirmations,
        lang: row.lang,
        time_zone: row.time_zone,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}

/** One page of the users who asked for the monthly statement, by id after `afterId`. */
export function pageMonthlySubscribers(db: Db, afterId: number, size: number): Promise<PreferenceRow[]> {
  return db
    .selectFrom('statement_preferences')
    .selectAll()
    .where('monthly_email', '=', 1)
    .where('user_id', '>', afterId)
    .orderBy('user_id')
    .limit(size)
    .execute();
}

/**
 * Marks the month's statement as queued for the user; false when it already was (by this
 * instance or another, before or after a restart): the primary key decides, once.
 */
export async function claimMonth(
  trx: Db,
  row: { user_id: number; month: string; mail_id: number; created_at: number },
): Promise<boolean> {
  const result = await trx
    .insertInto('statement_mailings')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'month']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}
