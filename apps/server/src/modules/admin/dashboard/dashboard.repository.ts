import type { Db } from '../../../db/database.js';

/** The dashboard's counts and sums (read-only, across the money and user tables). */

export async function countUsers(db: Db): Promise<{ real: number; demo: number }> {
  const rows = await db
    .selectFrom('users')
    .select(['is_demo', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('is_demo')
    .execute();
  const of = (demo: number) => Number(rows.find((r) => Number(r.is_demo) === demo)?.n ?? 0);
  return { real: of(0), demo: of(1) };
}

const countWhere = async (query: Promise<{ n: number | string } | undefined>) =>
  Number((await query)?.n ?? 0);

export async function countPending(db: Db) {
  const [deposits, withdrawals, identities, feedback] = await Promise.all([
    countWhere(
      db
        .selectFrom('deposits')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', '=', 0)
        .executeTakeFirst(),
    ),
    countWhere(
      db
        .selectFrom('withdrawals')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', '=', 0)
        .executeTakeFirst(),
    ),
    countWhere(
      db
        .selectFrom('identity_verifications')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', '=', 1)
        .executeTakeFirst(),
    ),
    countWhere(
      db
        .selectFrom('feedback')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', '=', 0)
        .executeTakeFirst(),
    ),
  ]);
  return { deposits, withdrawals, identities, feedback };
}

/** Open positions of real users: instrument, side and lots (summed exactly by the caller). */
export function listRealOpenPositions(db: Db) {
  return db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .select(['orders.instrument_id', 'orders.side', 'orders.lots'])
    .where('orders.status', '=', 1)
    .where('users.is_demo', '=', 0)
    .execute();
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
    deposits: { count: Number(deposits.n), micros: Number(deposits.total ?? 0) },
    withdrawals: { count: Number(withdrawals.n), micros: Number(withdrawals.total ?? 0) },
  };
}
