import { sql } from 'kysely';
import type { Db } from '../../../core/db/database.js';

/**
 * The SQL of the reports over the books (docs/reports.md): the house's entries
 * (`ledger_entries`) of real traders only — each entry joined to the account-log row it
 * balances and that row's user, demo users left out. Sums are the database's, over BIGINT.
 * A report reads across the owners of these tables by nature; it is the one argued
 * crossing in test/table-owners.test.ts.
 */

/** House entries of real users created in [start, end). */
export function realEntries(db: Db, start: number, end: number) {
  return db
    .selectFrom('ledger_entries as e')
    .innerJoin('account_logs as l', 'l.id', 'e.log_id')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .where('u.is_demo', '=', 0)
    .where('e.created_at', '>=', start)
    .where('e.created_at', '<', end);
}

type Sum = string | number | null;

/** Entries of trades (the log row refers to an order), by the order's instrument and the account. */
export function pnlByInstrument(db: Db, start: number, end: number) {
  return realEntries(db, start, end)
    .innerJoin('orders as o', 'o.id', 'l.ref_id')
    .where('l.ref_type', '=', 'order')
    .select([
      'o.instrument_id as instrument_id',
      'e.account as account',
      sql<number>`COUNT(*)`.as('entries'),
      sql<Sum>`SUM(e.amount)`.as('amount'),
    ])
    .groupBy(['o.instrument_id', 'e.account'])
    .orderBy('o.instrument_id')
    .orderBy('e.account')
    .execute();
}

/**
 * Entries of `accounts like <pattern>` grouped by account and by a slot of `slot` ms from
 * `start` (local-days.ts: each slot lies within one local day).
 */
export function sumsBySlot(db: Db, like: string, start: number, end: number, slot: number) {
  return realEntries(db, start, end)
    .where('e.account', 'like', like)
    .select([
      'e.account as account',
      sql<number>`(e.created_at - ${start}) / ${slot}`.as('slot'),
      sql<number>`COUNT(*)`.as('entries'),
      sql<Sum>`SUM(e.amount)`.as('amount'),
    ])
    .groupBy([sql`account`, sql`slot`])
    .execute();
}

/** Entries of accounts whose name starts with one of the prefixes, summed per account. */
export function sumsByAccount(db: Db, prefixes: readonly string[], start: number, end: number) {
  return realEntries(db, start, end)
    .where((eb) => eb.or(prefixes.map((p) => eb('e.account', 'like', `${p}%`))))
    .select([
      'e.account as account',
      sql<number>`COUNT(*)`.as('entries'),
      sql<Sum>`SUM(e.amount)`.as('amount'),
    ])
    .groupBy('e.account')
    .orderBy('e.account')
    .execute();
}

/** Per house account: before `start` (opening), and in [start, end) its debits (+) and credits (−). */
export function houseTrialBalance(db: Db, start: number, end: number) {
  return realEntries(db, 0, end)
    .select([
      'e.account as account',
      sql<Sum>`SUM(CASE WHEN e.created_at < ${start} THEN e.amount ELSE 0 END)`.as('opening'),
      sql<Sum>`SUM(CASE WHEN e.created_at >= ${start} AND e.amount > 0 THEN e.amount ELSE 0 END)`.as('debit'),
      sql<Sum>`SUM(CASE WHEN e.created_at >= ${start} AND e.amount < 0 THEN 0 - e.amount ELSE 0 END)`.as(
        'credit',
      ),
      sql<number>`COUNT(CASE WHEN e.created_at >= ${start} THEN 1 END)`.as('entries'),
    ])
    .groupBy('e.account')
    .orderBy('e.account')
    .execute();
}

/** The same over the traders' side: every real user's account-log rows that move a balance. */
export function tradersTrialBalance(db: Db, start: number, end: number) {
  return db
    .selectFrom('account_logs as l')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .where('u.is_demo', '=', 0)
    .where(sql<boolean>`l.amount <> 0`)
    .where('l.created_at', '<', end)
    .select([
      sql<Sum>`SUM(CASE WHEN l.created_at < ${start} THEN l.amount ELSE 0 END)`.as('opening'),
      sql<Sum>`SUM(CASE WHEN l.created_at >= ${start} AND l.amount > 0 THEN l.amount ELSE 0 END)`.as('debit'),
      sql<Sum>`SUM(CASE WHEN l.created_at >= ${start} AND l.amount < 0 THEN 0 - l.amount ELSE 0 END)`.as(
        'credit',
      ),
      sql<number>`COUNT(CASE WHEN l.created_at >= ${start} THEN 1 END)`.as('entries'),
    ])
    .executeTakeFirstOrThrow();
}
