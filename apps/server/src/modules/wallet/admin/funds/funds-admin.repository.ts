import { microUsd } from '@pipwise/shared';
import type { Db } from '../../../../core/db/database.js';
import { pageOf } from '../../../../core/db/paging.js';

/** The back office's reads of deposits and withdrawals, with who made them. */

export interface FundsFilter {
  status?: number | undefined;
  type?: number | undefined;
  userId?: number | undefined;
}

function depositsQuery(db: Db) {
  return db
    .selectFrom('deposits')
    .innerJoin('users', 'users.id', 'deposits.user_id')
    .innerJoin('uploads', 'uploads.id', 'deposits.proof_upload_id')
    .leftJoin('deposit_channels', 'deposit_channels.id', 'deposits.channel_id')
    .selectAll('deposits')
    .select([
      'users.uid',
      'users.email',
      'users.area_code',
      'users.mobile',
      'uploads.name as proof_name',
      'deposit_channels.usd_rate as channel_rate',
    ]);
}

export type AdminDepositRow = Awaited<
  ReturnType<ReturnType<typeof depositsQuery>['executeTakeFirstOrThrow']>
>;

export async function pageDeposits(db: Db, filter: FundsFilter, limit: number, offset: number) {
  let query = depositsQuery(db);
  if (filter.status !== undefined) query = query.where('deposits.status', '=', filter.status);
  if (filter.type !== undefined) query = query.where('deposits.type', '=', filter.type);
  if (filter.userId !== undefined) query = query.where('deposits.user_id', '=', filter.userId);
  return pageOf(query.orderBy('deposits.id', 'desc'), limit, offset);
}

export function findAdminDeposit(db: Db, id: number) {
  return depositsQuery(db).where('deposits.id', '=', id).executeTakeFirst();
}

function withdrawalsQuery(db: Db) {
  return db
    .selectFrom('withdrawals')
    .innerJoin('users', 'users.id', 'withdrawals.user_id')
    .innerJoin('withdraw_currencies', 'withdraw_currencies.id', 'withdrawals.draw_currency_id')
    .leftJoin('withdraw_methods', 'withdraw_methods.id', 'withdrawals.draw_method_id')
    .selectAll('withdrawals')
    .select([
      'users.uid',
      'users.email',
      'users.area_code',
      'users.mobile',
      'withdraw_currencies.code as currency_code',
      'withdraw_currencies.protocol as currency_protocol',
      'withdraw_methods.bank_name',
      'withdraw_methods.bank_address',
      'withdraw_methods.bank_swift',
      'withdraw_methods.payee_name',
    ]);
}

export type AdminWithdrawalRow = Awaited<
  ReturnType<ReturnType<typeof withdrawalsQuery>['executeTakeFirstOrThrow']>
>;

export async function pageWithdrawals(db: Db, filter: FundsFilter, limit: number, offset: number) {
  let query = withdrawalsQuery(db);
  if (filter.status !== undefined) query = query.where('withdrawals.status', '=', filter.status);
  if (filter.type !== undefined) query = query.where('withdrawals.type', '=', filter.type);
  if (filter.userId !== undefined) query = query.where('withdrawals.user_id', '=', filter.userId);
  return pageOf(query.orderBy('withdrawals.id', 'desc'), limit, offset);
}

export function findAdminWithdrawal(db: Db, id: number) {
  return withdrawalsQuery(db).where('withdrawals.id', '=', id).executeTakeFirst();
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
