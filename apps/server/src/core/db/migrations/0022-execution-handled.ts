import type { Kysely } from 'kysely';

/**
 * An unbooked fill marked handled (docs/execution.md "Back office"): the provider filled it,
 * no trader's books have it, and an operator offset it at the provider outside Pipwise.
 * When (epoch ms), by which operator and their note; all null until then. The state stays
 * `unbooked`: what the provider did is not rewritten, the mark only says the desk is done.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('executions').addColumn('handled_at', 'bigint').execute();
  await db.schema.alterTable('executions').addColumn('handled_by', 'bigint').execute();
  await db.schema.alterTable('executions').addColumn('handled_note', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['handled_note', 'handled_by', 'handled_at'])
    await db.schema.alterTable('executions').dropColumn(column).execute();
}
