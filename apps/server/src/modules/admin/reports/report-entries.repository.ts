import type { Db } from '../../../core/db/database.js';
import { realEntries } from './house-ledger.repository.js';

/** The drill-down's filter: one house account in a range, optionally one instrument's trades. */
export interface EntriesFilter {
  account: string;
  start: number;
  end: number;
  instrumentId?: number | undefined;
}

function entriesOf(db: Db, f: EntriesFilter) {
  let query = realEntries(db, f.start, f.end).where('e.account', '=', f.account);
  if (f.instrumentId !== undefined)
    query = query
      .innerJoin('orders as o', 'o.id', 'l.ref_id')
      .where('l.ref_type', '=', 'order')
      .where('o.instrument_id', '=', f.instrumentId);
  return query;
}

const COLUMNS = [
  'e.id as id',
  'e.log_id as log_id',
  'l.user_id as user_id',
  'u.uid as uid',
  'l.type as kind',
  'l.ref_type as ref_type',
  'l.ref_id as ref_id',
  'l.memo as memo',
  'e.amount as amount',
  'e.created_at as created_at',
] as const;

/** One page of the entries, oldest first, and how many there are. */
export async function entriesPage(db: Db, f: EntriesFilter, limit: number, offset: number) {
  const [rows, count] = await Promise.all([
    entriesOf(db, f).select(COLUMNS).orderBy('e.id').limit(limit).offset(offset).execute(),
    entriesOf(db, f)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/**
 * The entries after id `after`, at most `limit`: the CSV reads the whole list this way, a
 * page at a time by the primary key, so no query holds the database (SQLite has one
 * connection) for the length of a download.
 */
export function entriesAfter(db: Db, f: EntriesFilter, after: number, limit: number) {
  return entriesOf(db, f).select(COLUMNS).where('e.id', '>', after).orderBy('e.id').limit(limit).execute();
}

export type EntryRow = Awaited<ReturnType<typeof entriesAfter>>[number];
