import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, stopServer, type Server } from '../src/app.js';
import { latestRollover } from '../src/modules/trading/financing/rollover-calendar.js';
import { createTestDatabase, fundedUser, TEST_BACKFILL, type TestDatabase } from '../test/helper.js';
import { openBtcBook, owedOnly } from '../test/rollover-fixtures.js';
import { record, SEED } from './figures.js';
import { checkAccounts, prng, startRedis, startServer, until, type ServerProcess } from './support.js';

/** Server processes killed in the middle of the rollover before one is let finish it. */
const KILLS = Number(process.env.RELIABILITY_ROLLOVER_KILLS ?? 3);
const USERS = 30;
const POSITIONS_PER_USER = 100;

/**
 * Item 17, the rollover under faults (docs/money.md "The rollover"): 3,000 BTC/USD positions
 * (crypto is charged every day, so the run does not depend on the weekday) were open at the
 * latest 17:00 New York, which no engine has charged yet. A server process starts, begins
 * charging, and is killed (SIGKILL) at a random moment, KILLS times; then one finishes.
 * Then the same in the scaled shape: the engine's instance is killed mid-run and the other
 * instance, taking over, finishes the day. Every position is charged exactly once, its
 * order's swap equals its charge, and the books balance.
 */
describe('17. the rollover under kill -9 and takeover', () => {
  let database: TestDatabase;
  let verifier: Server;
  const random = prng(SEED + 17);
  const rollover = latestRollover(Date.now());
  const db = () => verifier.core.db;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    verifier = await createServer(
      database.handle,
      { SIM_SEED: 7, SIM_TICK_MS: 60_000 },
      { backfill: TEST_BACKFILL },
    );
  });
  afterAll(async () => {
    await stopServer(verifier);
    await database.drop();
  });

  /**
   * Funded traders with positions opened an hour before the rollover, and the rollover
   * before it marked done, so the latest is owed (and only it).
   */
  /** Funded traders holding POSITIONS_PER_USER positions each, opened an hour before the rollover. */
  async function openBook(): Promise<number[]> {
    const users: number[] = [];
    for (let u = 0; u < USERS; u++) users.push((await fundedUser(verifier, 100_000)).userId);
    return openBtcBook(db(), users, USERS * POSITIONS_PER_USER, rollover.at - 3_600_000);
  }

  /** The latest day's charges, of the positions `ids` when given. */
  const charges = (ids?: number[]) => {
    const day = db()
      .selectFrom('swap_charges')
      .select(['order_id', 'amount'])
      .where('trading_day', '=', rollover.tradingDay);
    return (ids ? day.where('order_id', 'in', ids) : day).execute();
  };
  const finished = async () =>
    (
      await db()
        .selectFrom('rollovers')
        .select('finished_at')
        .where('trading_day', '=', rollover.tradingDay)
        .executeTakeFirst()
    )?.finished_at != null;

  /** What the run left: positions charged more than once or not at all, and orders whose swap differs. */
  async function audit(ids: number[]) {
    const rows = await charges(ids);
    const perOrder = new Map<number, number>();
    for (const r of rows) perOrder.set(Number(r.order_id), (perOrder.get(Number(r.order_id)) ?? 0) + 1);
    const orders = await db().selectFrom('orders').select(['id', 'swap']).where('id', 'in', ids).execute();
    const charged = new Map(rows.map((r) => [Number(r.order_id), Number(r.amount)]));
    const swapLogs = await db()
      .selectFrom('account_logs')
      .select((eb) => [
        'ref_id',
        eb.fn.countAll<number | string>().as('n'),
        eb.fn.sum<number | string>('amount').as('sum'),
      ])
      .where('type', '=', 'swap')
      .groupBy('ref_id')
      .execute();
    const logOf = new Map(swapLogs.map((l) => [Number(l.ref_id), { n: Number(l.n), sum: Number(l.sum) }]));
    return {
      uncharged: ids.filter((id) => !perOrder.has(id)).length,
      twice: [...perOrder.values()].filter((n) => n > 1).length,
      swapDiffers: orders.filter((o) => Number(o.swap) !== (charged.get(Number(o.id)) ?? 0)).length,
      logDiffers: ids.filter((id) => {
        const log = logOf.get(id);
        const amount = charged.get(id) ?? 0;
        return amount === 0 ? log !== undefined : log?.n !== 1 || log.sum !== amount;
      }).length,
    };
  }

  async function clearDay(): Promise<void> {
    await db().deleteFrom('rollovers').where('trading_day', '=', rollover.tradingDay).execute();
  }

  it(`charges each position once over ${KILLS} kill -9 during the run`, async () => {
    await owedOnly(db(), rollover);
    const ids = await openBook();
    const env = {
      DATABASE_URL: database.url,
      SIM_TICK_MS: '100',
      DATA_DIR: `/tmp/pipwise-rollover-${randomBytes(3).toString('hex')}`,
    };
    const killedAt: number[] = [];
    for (let k = 0; k < KILLS; k++) {
      const server: ServerProcess = await startServer(env);
      // The run starts with the engine; the kill lands somewhere in it.
      await new Promise((r) => setTimeout(r, 200 + Math.floor(random() * 1_500)));
      await server.kill('SIGKILL');
      killedAt.push((await charges()).length);
    }
    const last = await startServer(env);
    const finishMs = await until('the rollover finished', finished, 120_000);
    await last.kill('SIGTERM');
    const found = await audit(ids);
    const accounts = await checkAccounts(verifier);
    const books = await verifier.books.check('schedule');
    record('17-rollover', {
      order: 17,
      title: 'The rollover under kill -9 and takeover (PostgreSQL)',
      rows: [
        { figure: 'positions held over the rollover', value: ids.length },
        {
          figure: 'kill -9 during the run / charged when each landed',
          value: `${KILLS} / ${killedAt.join(', ')}`,
        },
        { figure: 'last process: run finished after, s', value: (finishMs / 1_000).toFixed(1) },
        { figure: 'positions charged twice', value: found.twice, goal: '0' },
        { figure: 'positions not charged', value: found.uncharged, goal: '0' },
        {
          figure: "order's swap ≠ its charge; ledger row ≠ its charge",
          value: found.swapDiffers + found.logDiffers,
          goal: '0',
        },
        {
          figure: 'balance ≠ Σ log; house books problems',
          value: accounts.balanceMismatch + books.problems.length,
          goal: '0',
        },
      ],
    });
    expect(
      killedAt.some((n) => n > 0 && n < ids.length),
      `charged at each kill: ${killedAt.join(', ')}`,
    ).toBe(true);
    expect(found).toEqual({ uncharged: 0, twice: 0, swapDiffers: 0, logDiffers: 0 });
    expect(accounts.balanceMismatch).toBe(0);
    expect(books.problems).toEqual([]);
  });

  it("finishes the day on the new engine when the engine's instance is killed mid-run", async () => {
    // The same day again, on fresh positions: the first test's charges stay (their markers).
    await clearDay();
    const ids = await openBook();
    const redis = await startRedis();
    const env = (name: string) => ({
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      INSTANCE_ID: `rollover-${name}`,
      SIM_TICK_MS: '100',
      ENGINE_RETRY_MS: '500',
      DATA_DIR: `/tmp/pipwise-rollover-${name}-${randomBytes(3).toString('hex')}`,
    });
    const first = await startServer(env('a'));
    const second = await startServer(env('b'));
    try {
      const lease = () => db().selectFrom('engine_leases').selectAll().executeTakeFirst();
      await until('an engine holds the lease', async () => (await lease()) !== undefined, 30_000);
      await until('the run under way', async () => (await charges(ids)).length > 0, 60_000);
      const victim = (await lease())?.holder === 'rollover-a' ? first : second;
      const survivor = victim === first ? second : first;
      await victim.kill('SIGKILL');
      const chargedAtKill = (await charges(ids)).length;
      const finishMs = await until('the new engine finished the day', finished, 120_000);
      await survivor.kill('SIGTERM');
      const found = await audit(ids);
      const books = await verifier.books.check('schedule');
      record('17-rollover-takeover', {
        order: 17.5,
        title: 'The rollover when the engine is killed mid-run (scaled shape, PostgreSQL)',
        rows: [
          { figure: 'positions held over the rollover (a second book)', value: ids.length },
          { figure: 'charged when the engine was killed', value: chargedAtKill },
          { figure: 'the new engine finished the day after, s', value: (finishMs / 1_000).toFixed(1) },
          {
            figure: 'positions charged twice / not charged',
            value: `${found.twice} / ${found.uncharged}`,
            goal: '0 / 0',
          },
          {
            figure: "order's swap or ledger row ≠ its charge",
            value: found.swapDiffers + found.logDiffers,
            goal: '0',
          },
          { figure: 'house books problems', value: books.problems.length, goal: '0' },
        ],
      });
      expect(found).toEqual({ uncharged: 0, twice: 0, swapDiffers: 0, logDiffers: 0 });
      expect(books.problems).toEqual([]);
    } finally {
      await first.kill();
      await second.kill();
      await redis.stop();
    }
  });
});
