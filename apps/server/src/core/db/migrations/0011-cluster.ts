import type { Kysely } from 'kysely';

/**
 * The engine lease (docs/architecture.md "Scaled shape"): one row whose epoch the elected
 * engine increments when it takes over. Every write the engine makes checks the epoch it
 * holds, so a leader that lost its lock cannot act after another one took over.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('engine_leases')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('epoch', 'bigint', (c) => c.notNull())
    .addColumn('holder', 'varchar(64)', (c) => c.notNull())
    .addColumn('acquired_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('orders').addColumn('close_note', 'varchar(32)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('close_note').execute();
  await db.schema.dropTable('engine_leases').execute();
}
