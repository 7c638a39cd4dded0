import type { Db } from '../../../core/db/database.js';
import { pageOf } from '../../../core/db/paging.js';

/** The back office's reads of `users` and the login freeze (the rest of a trader's row is asked of its owners). */

/** Only these users (or, with `exclude`, all but these). */
export interface IdSet {
  list: readonly number[];
  exclude: boolean;
}

export interface UserFilter {
  q?: string | undefined;
  isDemo?: number | undefined;
  loginFrozen?: number | undefined;
  /** Every set must hold: the trading freeze and the A-book flag live in accounts. */
  ids?: readonly IdSet[] | undefined;
}

function usersQuery(db: Db) {
  return db
    .selectFrom('users')
    .select([
      'users.id',
      'users.uid',
      'users.email',
      'users.area_code',
      'users.mobile',
      'users.is_demo',
      'users.status',
      'users.invite_code',
      'users.referrer_id',
      'users.created_at',
    ]);
}

export type UserListRow = Awaited<ReturnType<ReturnType<typeof usersQuery>['executeTakeFirstOrThrow']>>;

type UsersQuery = ReturnType<typeof usersQuery>;

function filtered(query: UsersQuery, filter: UserFilter): UsersQuery {
  let q = query;
  if (filter.isDemo !== undefined) q = q.where('users.is_demo', '=', filter.isDemo);
  if (filter.loginFrozen !== undefined)
    q = q.where('users.status', filter.loginFrozen === 1 ? '!=' : '=', 'active');
  for (const { list, exclude } of filter.ids ?? []) {
    if (list.length > 0) q = q.where('users.id', exclude ? 'not in' : 'in', list);
    else if (!exclude) q = q.where((eb) => eb.lit(false));
  }
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

export function findAdminUser(db: Db, id: number): Promise<UserListRow | undefined> {
  return usersQuery(db).where('users.id', '=', id).executeTakeFirst();
}

export async function setLoginStatus(db: Db, id: number, status: 'active' | 'frozen'): Promise<void> {
  await db.updateTable('users').set({ status }).where('id', '=', id).execute();
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
