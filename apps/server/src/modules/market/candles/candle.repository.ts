import { CompiledQuery, PostgresAdapter, type Insertable, type Kysely } from 'kysely';
import type { CandleTable, Database } from '../../../core/db/database.js';
import type { CandlePoints } from './candle-builder.js';

/** Only this file touches the candles table. Functions take the database or a transaction. */

type Executor = Kysely<Database>;
export type CandleRow = Insertable<CandleTable>;

const COLUMNS = [
  'instrument_id',
  'period',
  'time',
  'open',
  'high',
  'low',
  'close',
  'volume',
] as const satisfies readonly (keyof CandleTable)[];

/**
 * Rows per INSERT: 8 parameters each stays far below PostgreSQL's 65,535 bound parameters
 * and SQLite's 32,766 variables, while still amortising the per-statement cost.
 */
export const UPSERT_CHUNK_ROWS = 2_000;

/**
 * Inserts candles, replacing those with the same (instrument, period, time): multi-row
 * `insert … on conflict do update` statements, in chunks. The rows of one call must have
 * distinct keys (PostgreSQL refuses to update one row twice in a statement). The caller
 * owns the transaction.
 *
 * The statement text is built here rather than with the query builder: compiling a
 * 2,000-row builder query costs more than running it, and the first start writes a few
 * hundred thousand rows (see backfill.ts). Values still travel as bound parameters.
 */
export async function upsertCandles(db: Executor, rows: readonly CandleRow[]): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (let i = 0; i < rows.length; i += UPSERT_CHUNK_ROWS) {
    const chunk = rows.slice(i, i + UPSERT_CHUNK_ROWS);
    const params: unknown[] = [];
    for (const row of chunk) for (const c of COLUMNS) params.push(row[c]);
    await db.executeQuery(CompiledQuery.raw(upsertSql(chunk.length, postgres), params));
  }
}

const sqlCache = new Map<string, string>();

function upsertSql(rowCount: number, postgres: boolean): string {
  const key = `${postgres ? 'pg' : 'sqlite'}:${rowCount}`;
  const cached = sqlCache.get(key);
  if (cached) return cached;
  let n = 0;
  const tuple = () => `(${COLUMNS.map(() => (postgres ? `$${++n}` : '?')).join(',')})`;
  const tuples = Array.from({ length: rowCount }, tuple);
  const updates = ['open', 'high', 'low', 'close', 'volume'].map((c) => `${c} = excluded.${c}`);
  const text =
    `insert into candles (${COLUMNS.join(', ')}) values ${tuples.join(',')} ` +
    `on conflict (instrument_id, period, time) do update set ${updates.join(', ')}`;
  // Only the chunk size and the last, shorter chunk recur; keep the cache small anyway.
  if (sqlCache.size > 64) sqlCache.clear();
  sqlCache.set(key, text);
  return text;
}

export async function hasCandles(db: Executor): Promise<boolean> {
  const row = await db.selectFrom('candles').select('time').limit(1).executeTakeFirst();
  return row !== undefined;
}

/** The latest `limit` candles of one instrument and period, newest first (primary key order). */
export function latestCandles(
  db: Executor,
  instrumentId: number,
  period: string,
  limit: number,
): Promise<CandlePoints[]> {
  return db
    .selectFrom('candles')
    .select(['time', 'open', 'high', 'low', 'close', 'volume'])
    .where('instrument_id', '=', instrumentId)
    .where('period', '=', period)
    .orderBy('time', 'desc')
    .limit(limit)
    .execute();
}

/**
 * Deletes one instrument's candles of a period starting within [from, to] (epoch ms): an
 * imported history replaces what its range held (history/history-import.ts). The caller
 * owns the transaction.
 */
export async function deleteCandlesBetween(
  db: Executor,
  instrumentId: number,
  period: string,
  from: number,
  to: number,
): Promise<number> {
  const result = await db
    .deleteFrom('candles')
    .where('instrument_id', '=', instrumentId)
    .where('period', '=', period)
    .where('time', '>=', from)
    .where('time', '<=', to)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
