import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './database.js';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../../../test/helper.js';
import { queryTemplate } from './query-template.js';

/** A table of its own, outside the app's schema. */
interface Probe {
  template_probe: { k: number; v: string | null; n: number };
}
const probe = (d: Db) => d as unknown as Kysely<Probe>;

// The order path's hot queries are compiled once and run with each call's values
// (query-template.ts); these check that every call gets its own values, on both databases.
describe.each(DIALECTS)('query templates (%s)', (dialect) => {
  let database: TestDatabase;
  let db: Db;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    db = database.handle.db;
    await db.schema
      .createTable('template_probe')
      .addColumn('k', 'integer', (c) => c.primaryKey())
      .addColumn('v', 'text')
      .addColumn('n', 'bigint')
      .execute();
  });
  afterAll(() => database.drop());

  const insert = queryTemplate((d: Db, a: { k: number; v: string | null; n: number }) =>
    probe(d).insertInto('template_probe').values({ k: a.k, v: a.v, n: a.n }),
  );
  const bump = queryTemplate((d: Db, a: { k: number; by: number; floor: number }) =>
    probe(d)
      .updateTable('template_probe')
      .set((eb) => ({ n: eb('n', '+', a.by) }))
      .where('k', '=', a.k)
      .where((eb) => eb(eb('n', '+', a.by), '>=', a.floor))
      .returning('n'),
  );
  const numbers = (rows: { n: number }[]) => rows.map((r) => Number(r.n));

  it('runs the one compiled query with each call’s values', async () => {
    await insert(db, { k: 1, v: 'one', n: 10 });
    await insert(db, { k: 2, v: null, n: 20 });
    const rows = await probe(db).selectFrom('template_probe').selectAll().orderBy('k').execute();
    expect(rows.map((r) => ({ ...r, n: Number(r.n) }))).toEqual([
      { k: 1, v: 'one', n: 10 },
      { k: 2, v: null, n: 20 },
    ]);
    // A guard written with parameters: refused for one call, applied for the next.
    expect(await bump(db, { k: 1, by: -11, floor: 0 })).toEqual([]);
    expect(numbers(await bump(db, { k: 1, by: -4, floor: 0 }))).toEqual([6]);
    await db.transaction().execute(async (trx) => {
      expect(numbers(await bump(trx, { k: 2, by: 5, floor: 0 }))).toEqual([25]);
    });
  });

  it('refuses a stand-in that does not end up as a parameter', async () => {
    const shaped = queryTemplate((d: Db, a: { limit: number }) =>
      probe(d)
        .selectFrom('template_probe')
        .selectAll()
        .modifyEnd(sql.raw(`limit ${String(a.limit)}`)),
    );
    await expect(shaped(db, { limit: 1 })).rejects.toThrow(/limit is not a parameter/);
  });
});
