import type { Kysely } from 'kysely';

/**
 * The payout reference of a paid withdrawal (docs/api.md "Funds"): the bank transfer's
 * reference or the chain's transaction id, which the operator types when marking it paid
 * and the trader then sees. Withdrawals reviewed before it carry "".
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('withdrawals')
    .addColumn('payout_reference', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('withdrawals').dropColumn('payout_reference').execute();
}
