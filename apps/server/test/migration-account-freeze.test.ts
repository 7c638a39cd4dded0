import { Migrator, sql, type Migration } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrations } from '../src/core/db/migrations/index.js';
import { DIALECTS, createTestDatabase, type TestDatabase } from './helper.js';

/**
 * 0015 moves an operator's trading freeze from `users` to `accounts` (docs/api.md "Back
 * office API"): an installation upgraded with frozen traders keeps them frozen, and down
 * puts the flag back where it was.
 */
const provider = { getMigrations: (): Promise<Record<string, Migration>> => Promise.resolve(migrations) };

describe.each(DIALECTS)('migration 0015-account-freeze (%s)', (dialect) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.drop();
    database = undefined;
  });

  it('keeps frozen traders frozen, and down restores the column on users', async () => {
    database = await createTestDatabase(dialect);
    const { db } = database.handle;
    const migrator = new Migrator({ db, provider });
    expect((await migrator.migrateTo('0014-operator-first-use')).error).toBeUndefined();
    for (const [id, frozen] of [
      [1, 1],
      [2, 0],
    ] as const) {
      await sql`INSERT INTO users (id, uid, email, password_hash, invite_code, is_demo, status, trading_frozen, created_at)
        VALUES (${id}, ${`U${id}`}, ${`u${id}@example.com`}, 'x', ${`I${id}`}, 0, 'active', ${frozen}, 0)`.execute(
        db,
      );
      await sql`INSERT INTO accounts (user_id, balance, lock_balance, updated_at)
        VALUES (${id}, 0, 0, 0)`.execute(db);
    }

    expect((await migrator.migrateTo('0015-account-freeze')).error).toBeUndefined();
    const accounts = await sql<{ user_id: number; trading_frozen: number }>`
      SELECT user_id, trading_frozen FROM accounts ORDER BY user_id`.execute(db);
    expect(accounts.rows.map((r) => [Number(r.user_id), Number(r.trading_frozen)])).toEqual([
      [1, 1],
      [2, 0],
    ]);
    await expect(sql`SELECT trading_frozen FROM users`.execute(db)).rejects.toThrow();

    expect((await migrator.migrateTo('0014-operator-first-use')).error).toBeUndefined();
    const users = await sql<{ id: number; trading_frozen: number }>`
      SELECT id, trading_frozen FROM users ORDER BY id`.execute(db);
    expect(users.rows.map((r) => [Number(r.id), Number(r.trading_frozen)])).toEqual([
      [1, 1],
      [2, 0],
    ]);
    await expect(sql`SELECT trading_frozen FROM accounts`.execute(db)).rejects.toThrow();
  });
});
