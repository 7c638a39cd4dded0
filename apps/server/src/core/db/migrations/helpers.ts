import { PostgresAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

/** Which SQL dialect a migration runs on, read from the connection's adapter. */
export function isPostgres(db: Pick<Kysely<unknown>, 'getExecutor'>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** An auto-increment integer primary key that both dialects understand. */
export function withId<T extends string>(
  table: CreateTableBuilder<T, never>,
  postgres: boolean,
): CreateTableBuilder<T, 'id'> {
  return postgres
    ? table.addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}
