import { microUsd } from '@pipwise/shared';
import type { Db } from '../../../../core/db/database.js';
import { pageOf } from '../../../../core/db/paging.js';
import { userContacts, type UserContact } from '../../../auth/index.js';
import { uploadNames } from '../../../uploads/index.js';

/**
 * The back office's reads of deposits and withdrawals, with who made them: each page is
 * read from this module's tables, then its users and proofs are asked of their modules.
 */

export interface FundsFilter {
  status?: number | undefined;
  type?: number | undefined;
  userId?: number | undefined;
}

function depositsQuery(db: Db) {
  return db
    .selectFrom('deposits')
    .leftJoin('deposit_channels', 'deposit_channels.id', 'deposits.channel_id')
    .selectAll('deposits')
    .select('deposit_channels.usd_rate as channel_rate');
}

type DepositRow = Awaited<ReturnType<ReturnType<typeof depositsQuery>['executeTakeFirstOrThrow']>>;
export type AdminDepositRow = DepositRow & UserContact & { proof_name: string };

/** The page's deposits with their users' contacts and their proofs' stored names. */
async function withSenders(db: Db, rows: DepositRow[]): Promise<AdminDepositRow[]> {
  const [contactOf, proofs] = await Promise.all([
    userContacts(
      db,
      rows.map((r) => r.user_id),
    ),
    uploadNames(
      db,
      rows.map((r) => r.proof_upload_id),
    ),
  ]);
  return rows.map((r) => ({
    ...r,
    ...contactOf(r.user_id),
    proof_name: proofs.get(Number(r.proof_upload_id)) ?? '',
  }));
}

export async function pageDeposits(db: Db, filter: FundsFilter, limit: number, offset: number) {
  let query = depositsQuery(db);
  if (filter.status !== undefined) query = query.where('deposits.status', '=', filter.status);
  if (filter.type !== undefined) query = query.where('deposits.type', '=', filter.type);
  if (filter.userId !== undefined) query = query.where('deposits.user_id', '=', filter.userId);
  const { rows, total } = await pageOf(query.orderBy('deposits.id', 'desc'), limit, offset);
  return { rows: await withSenders(db, rows), total };
}

export async function findAdminDeposit(db: Db, id: number): Promise<AdminDepositRow | undefined> {
  const row = await depositsQuery(db).where('deposits.id', '=', id).executeTakeFirst();
  return row && (await withSenders(db, [row]))[0];
}

function withdrawalsQuery(db: Db) {
  return db
    .selectFrom('withdrawals')
    .innerJoin('withdraw_currencies', 'withdraw_currencies.id', 'withdrawals.draw_currency_id')
    .leftJoin('withdraw_methods', 'withdraw_methods.id', 'withdrawals.draw_method_id')
    .selectAll('withdrawals')
    .select([
      'withdraw_currencies.code as currency_code',
      'withdraw_currencies.protocol as currency_protocol',
      'withdraw_methods.bank_name',
      'withdraw_methods.bank_address',
      'withdraw_methods.bank_swift',
      'withdraw_methods.payee_name',
    ]);
}

type WithdrawalRow = Awaited<ReturnType<ReturnType<typeof withdrawalsQuery>['executeTakeFirstOrThrow']>>;
export type AdminWithdrawalRow = WithdrawalRow & UserContact;

async function withRequesters(db: Db, rows: WithdrawalRow[]): Promise<AdminWithdrawalRow[]> {
  const contactOf = await userContacts(
    db,
    rows.map((r) => r.user_id),
  );
  return rows.map((r) => ({ ...r, ...contactOf(r.user_id) }));
}

export async function pageWithdrawals(db: Db, filter: FundsFilter, limit: number, offset: number) {
  let query = withdrawalsQuery(db);
  if (filter.status !== undefined) query = query.where('withdrawals.status', '=', filter.status);
  if (filter.type !== undefined) query = query.where('withdrawals.type', '=', filter.type);
  if (filter.userId !== undefined) query = query.where('withdrawals.user_id', '=', filter.userId);
  const { rows, total } = await pageOf(query.orderBy('withdrawals.id', 'desc'), limit, offset);
  return { rows: await withRequesters(db, rows), total };
}

export async function findAdminWithdrawal(db: Db, id: number): Promise<AdminWithdrawalRow | undefined> {
  const row = await withdrawalsQuery(db).where('withdrawals.id', '=', id).executeTakeFirst();
  return row && (await withRequesters(db, [row]))[0];
}

/** Deposits and withdrawals waiting for an operator (the dashboard). */
export async function countPendingFunds(db: Db): Promise<{ deposits: number; withdrawals: number }> {
  const count = (table: 'deposits' | 'withdrawals') =>
    db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 0)
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.n));
  const [deposits, withdrawals] = await Promise.all([count('deposits'), count('withdrawals')]);
  return { deposits, withdrawals };
}

/** Deposits finished and withdrawals paid since `since`: how many and how much (micro-USD). */
export async function moneyMovedSince(db: Db, since: number) {
  const [deposits, withdrawals] = await Promise.all([
    db
      .selectFrom('deposits')
      .select((eb) => [
        eb.fn.countAll<number>().as('n'),
        eb.fn.sum<number | string | null>('credited').as('total'),
      ])
      .where('status', '=', 1)
      .where('reviewed_at', '>=', since)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('withdrawals')
      .select((eb) => [
        eb.fn.countAll<number>().as('n'),
        eb.fn.sum<number | string | null>('amount').as('total'),
      ])
      .where('status', '=', 1)
      .where('reviewed_at', '>=', since)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    deposits: { count: Number(deposits.n), micros: microUsd(Number(deposits.total ?? 0)) },
    withdrawals: { count: Number(withdrawals.n), micros: microUsd(Number(withdrawals.total ?? 0)) },
  };
}
