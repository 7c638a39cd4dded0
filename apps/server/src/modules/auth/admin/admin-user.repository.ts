import type { Db } from '../../../core/db/database.js';
import { pageOf } from '../../../core/db/paging.js';

/** The back office's reads and the two freeze flags of `users` (with their account and identity). */

export interface UserFilter {
  q?: string | undefined;
  isDemo?: number | undefined;
  loginFrozen?: number | undefined;
  tradingFrozen?: number | undefined;
}

function usersQuery(db: Db) {
  return db
    .selectFrom('users')
    .leftJoin('accounts', 'accounts.user_id', 'users.id')
    .select([
      'users.id',
      'users.uid',
      'users.email',
      'users.area_code',
      'users.mobile',
      'users.is_demo',
      'users.status',
      'users.trading_frozen',
      'users.invite_code',
      'users.referrer_id',
      'users.created_at',
      'accounts.balance',
      'accounts.lock_balance',
    ])
    .select((eb) =>
      eb
        .selectFrom('identity_verifications')
        .select('identity_verifications.status')
        .whereRef('identity_verifications.user_id', '=', 'users.id')
        .orderBy('identity_verifications.id', 'desc')
        .limit(1)
        .as('identity_status'),
    );
}

export type AdminUserRow = Awaited<ReturnType<ReturnType<typeof usersQuery>['executeTakeFirstOrThrow']>>;

type UsersQuery = ReturnType<typeof usersQuery>;

function filtered(query: UsersQuery, filter: UserFilter): UsersQuery {
  let q = query;
  if (filter.isDemo !== undefined) q = q.where('users.is_demo', '=', filter.isDemo);
  if (filter.loginFrozen !== undefined)
    q = q.where('users.status', filter.loginFrozen === 1 ? '!=' : '=', 'active');
  if (filter.tradingFrozen !== undefined) q = q.where('users.trading_frozen', '=', filter.tradingFrozen);
  const text = filter.q?.trim();
  if (text) {
    // LIKE's own wildcards typed by the operator match literally nowhere: dropped.
    const needle = `%${text.toLowerCase().replace(/[%_\\]/g, '')}%`;
    const id = /^\d{1,15}$/.test(text) ? Number(text) : null;
    q = q.where((eb) =>
      eb.or([
        ...(id !== null ? [eb('users.id', '=', id)] : []),
        eb('users.uid', '=', text),
        eb(eb.fn('lower', ['users.email']), 'like', needle),
        eb('users.mobile', 'like', needle),
      ]),
    );
  }
  return q;
}

/** One page of users, newest first, and how many match. */
export function pageUsers(db: Db, filter: UserFilter, limit: number, offset: number) {
  const query = filtered(usersQuery(db), filter);
  return pageOf(query.orderBy('users.id', 'desc'), limit, offset);
}

export function findAdminUser(db: Db, id: number) {
  return usersQuery(db).where('users.id', '=', id).executeTakeFirst();
}

export async function setLoginStatus(db: Db, id: number, status: 'active' | 'frozen'): Promise<void> {
  await db.updateTable('users').set({ status }).where('id', '=', id).execute();
}

export async function setTradingFrozen(db: Db, id: number, frozen: 0 | 1): Promise<void> {
  await db.updateTable('users').set({ trading_frozen: frozen }).where('id', '=', id).execute();
}

/** Live (open or pending) orders of a user. */
export async function countPendingOrders(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('status', '=', 0)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Real and demo users (the dashboard). */
export async function countUsers(db: Db): Promise<{ real: number; demo: number }> {
  const rows = await db
    .selectFrom('users')
    .select(['is_demo', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('is_demo')
    .execute();
  const of = (demo: number) => Number(rows.find((r) => Number(r.is_demo) === demo)?.n ?? 0);
  return { real: of(0), demo: of(1) };
}
