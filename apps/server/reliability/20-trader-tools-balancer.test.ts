import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Balancer } from '../../../scripts/haproxy.js';
import { createServer, stopServer, type Server } from '../src/app.js';
import { createTestDatabase, fundedUser, TEST_BACKFILL, type TestDatabase } from '../test/helper.js';
import { BTC, btcPrice, startSteeredProvider } from './alerts-support.js';
import {
  describeReply,
  envelopeOf,
  nextClient,
  send,
  verdictOf,
  type Reply,
  type Verdict,
} from './back-office-support.js';
import { record } from './figures.js';
import {
  balanceInstances,
  checkAccounts,
  SCALED_TICK_MS,
  scaledInstanceEnv,
  startRedis,
  startServer,
  until,
  type ServerProcess,
} from './support.js';

/** How long Redis stays down. */
const OUTAGE_MS = Number(process.env.RELIABILITY_TOOLS_OUTAGE_MS ?? 20_000);
/** How long the instances may take to trade again once Redis is back. */
const RECOVERY_MS = Number(process.env.RELIABILITY_TOOLS_RECOVERY_MS ?? 30_000);
/** Funded traders, each with three positions split by a partial close. */
const TRADERS = Number(process.env.RELIABILITY_TOOLS_TRADERS ?? 3);
/** How long an instance's process may take to serve after its start (a busy machine is slow). */
const START_MS = Number(process.env.RELIABILITY_TOOLS_START_MS ?? 60_000);
const FUND_USD = 50_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Trader {
  userId: number;
  token: string;
}

/** Lots as hundredths ("0.03" → 3): the positions here are whole hundredths. */
const hundredths = (lots: string) => Math.round(Number(lots) * 100);

/**
 * Item 20, the trader's tools through the real entry point (docs/money.md "Partial close and
 * close all", docs/chart.md "Trading from the chart" and "Drawings"): two instances (both may
 * run the engine) on PostgreSQL and a private Redis behind HAProxy, BTC/USD's price set by the
 * scenario over FIX. A partial close and a close-all sent twice with one key, at once, to the
 * two instances, take effect once; a pending order's price moved on the instance that does
 * not run the engine triggers there at the new price, not the old; drawings saved on one
 * instance are listed on the other and deleted once. Then Redis stops for tens of seconds
 * while partial closes, close-alls, pending moves and drawings keep arriving: every answer is
 * a success, a translated refusal or the balancer's 503, and afterwards every position's lots
 * still add up and every account agrees with its ledger.
 */
describe('20. partial close, close all, pending moves and drawings through the balancer', () => {
  let database: TestDatabase;
  let verifier: Server;
  let redis: Awaited<ReturnType<typeof startRedis>>;
  let provider: Awaited<ReturnType<typeof startSteeredProvider>>;
  let balancer: Balancer;
  const instances: Record<string, ServerProcess> = {};
  const dirs: string[] = [];
  const figures: { figure: string; value: number | string; goal?: string }[] = [];
  const traders: Trader[] = [];
  /** BTC/USD's bid when the scenario starts, points. */
  let startBid = 0;

  const env = (name: string) => ({
    ...scaledInstanceEnv({
      databaseUrl: database.url,
      redisUrl: redis.url,
      id: `tools-${name}`,
      role: 'all',
      dirs,
    }),
    ...provider.fixEnv,
  });
  const db = () => verifier.core.db;
  const post = (port: number, url: string, body: object, trader: Trader, key?: string) =>
    send(port, 'POST', url, {
      token: trader.token,
      body,
      from: nextClient(),
      timeoutMs: 10_000,
      ...(key ? { headers: { 'idempotency-key': key } } : {}),
    });
  const data = <T>(reply: Reply): T => {
    expect(envelopeOf(reply)?.code, describeReply(reply)).toBe(1);
    return envelopeOf(reply)!.data as T;
  };
  /** One call sent to each instance at the same moment (not through the balancer). */
  const bothAtOnce = async (call: (port: number) => Promise<Reply>): Promise<[Reply, Reply]> => {
    const [a, b] = await Promise.all([instances.one!.port, instances.two!.port].map(call));
    return [a!, b!];
  };
  const lease = async () =>
    (await db().selectFrom('engine_leases').selectAll().executeTakeFirst()) ?? { holder: '', epoch: 0 };
  const market = (cont: string) => ({ type: 1, cont, forex_id: BTC, status: 1, multiple: 20 });
  const ordersOf = (userId: number) =>
    db()
      .selectFrom('orders')
      .select(['id', 'status', 'lots', 'split_from', 'open_price', 'target_price'])
      .where('user_id', '=', userId)
      .execute();

  /** Every position opened here keeps its lots: what is open plus the parts closed off it. */
  async function lotsKept(opened: Map<number, number>): Promise<string[]> {
    const wrong: string[] = [];
    for (const [id, lots] of opened) {
      const rows = await db()
        .selectFrom('orders')
        .select(['lots'])
        .where((eb) => eb.or([eb('id', '=', id), eb('split_from', '=', id)]))
        .execute();
      const total = rows.reduce((sum, r) => sum + hundredths(r.lots), 0);
      if (total !== lots) wrong.push(`position ${id}: ${total} hundredths against ${lots}`);
    }
    return wrong;
  }

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    verifier = await createServer(
      database.handle,
      { SIM_SEED: 20, SIM_TICK_MS: 60_000 },
      { backfill: TEST_BACKFILL },
    );
    startBid = verifier.market.service.liveQuote(BTC)?.bid ?? 8_750_000;
    provider = await startSteeredProvider({ bid: startBid, seed: 20, tickMs: SCALED_TICK_MS });
    redis = await startRedis();
    // One first, so the engine starts on a known instance: 'two' then only serves the API.
    instances.one = await startServer(env('one'), undefined, START_MS);
    await until('an engine', async () => (await lease()).holder === 'tools-one', 15_000);
    instances.two = await startServer(env('two'), undefined, START_MS);
    balancer = await balanceInstances(instances);
    for (let i = 0; i < TRADERS; i++) traders.push(await fundedUser(verifier, FUND_USD));
  }, 240_000);

  afterAll(async () => {
    await balancer?.stop();
    for (const p of Object.values(instances)) await p.kill();
    await redis?.stop();
    await provider?.lp.close();
    record('20-trader-tools-balancer', {
      order: 20,
      title: 'Partial close, close all, pending moves and drawings through the balancer, and a Redis outage',
      rows: figures,
      notes: [
        `Two instances (both may run the engine, ${SCALED_TICK_MS} ms ticks) on PostgreSQL and a private Redis behind HAProxy, BTC/USD's price set by the scenario over FIX; ${TRADERS} traders (RELIABILITY_TOOLS_TRADERS); each key sent to both instances at the same moment; Redis stopped for ${OUTAGE_MS / 1000} s (RELIABILITY_TOOLS_OUTAGE_MS) with a partial close, a pending move, a drawing and a close-all through the balancer every 0.5 s; recovery allowed ${RECOVERY_MS / 1000} s.`,
      ],
    });
    if (verifier) await stopServer(verifier);
    await database?.drop();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('splits a position once and closes all once per key, whichever instances the key reaches', async () => {
    const { two } = instances as { two: ServerProcess };
    const opened = new Map<number, number>();
    let closedAll = 0;
    for (const [n, trader] of traders.entries()) {
      const ids: number[] = [];
      for (let i = 0; i < 3; i++) {
        const placed = data<{ Id: number }>(
          await post(balancer.port, '/v1/api/forex/submit', market('0.03'), trader),
        );
        ids.push(placed.Id);
        opened.set(placed.Id, 3);
      }
      // The same partial close, with one key, to both instances at the same moment.
      for (const id of ids) {
        const key = `part-${n}-${id}`;
        const body = { id, lots: '0.01' };
        const [a, b] = await bothAtOnce((port) => post(port, '/v1/api/forex/close', body, trader, key));
        expect(data<{ Id: number }>(a).Id, describeReply(b)).toBe(data<{ Id: number }>(b).Id);
      }
      const rows = await ordersOf(trader.userId);
      for (const id of ids) {
        expect(rows.find((r) => Number(r.id) === id)).toMatchObject({ status: 1, lots: '0.02' });
        const parts = rows.filter((r) => Number(r.split_from) === id);
        expect(parts.map((p) => [p.status, p.lots])).toEqual([[3, '0.01']]);
      }
      // Close all, one key, both instances at once: one close of each position.
      const key = `all-${n}`;
      const [a, b] = await bothAtOnce((port) =>
        post(port, '/v1/api/forex/close_all', { forex_id: BTC }, trader, key),
      );
      const first = data<{ closed: { Id: number }[] }>(a)
        .closed.map((o) => o.Id)
        .sort();
      expect(
        data<{ closed: { Id: number }[] }>(b)
          .closed.map((o) => o.Id)
          .sort(),
      ).toEqual(first);
      expect(first).toEqual([...ids].sort());
      closedAll += first.length;
      // Another key finds nothing left to close.
      const again = data<{ closed: unknown[] }>(
        await post(two.port, '/v1/api/forex/close_all', {}, trader, `${key}-2`),
      );
      expect(again.closed).toEqual([]);
      expect((await ordersOf(trader.userId)).filter((r) => r.status === 1)).toEqual([]);
    }
    expect(await lotsKept(opened)).toEqual([]);
    expect(await checkAccounts(verifier)).toMatchObject({ balanceMismatch: 0, lockMismatch: 0 });
    figures.push(
      {
        figure: 'partial closes sent twice at once (one key, both instances) that split once',
        value: opened.size,
      },
      { figure: 'positions closed by close-alls sent twice at once, each closed once', value: closedAll },
    );
  });

  it('triggers a pending order moved on the API-only instance at its new price, not its old one', async () => {
    const { two } = instances as { two: ServerProcess };
    const trader = traders[0]!;
    const at = (factor: number) => Math.round(startBid * factor);
    // Two buy limits far below the market: one is moved up, the other stays.
    const pending = (target: number) => ({ ...market('0.01'), status: 0, target_price: btcPrice(target) });
    const moved = data<{ Id: number }>(
      await post(two.port, '/v1/api/forex/submit', pending(at(0.97)), trader),
    );
    const kept = data<{ Id: number }>(
      await post(two.port, '/v1/api/forex/submit', pending(at(0.97)), trader),
    );
    const reply = await post(
      two.port,
      '/v1/api/forex/set_pending_price',
      { id: moved.Id, target_price: btcPrice(at(0.99)) },
      trader,
    );
    data(reply);
    // The ask comes down between the two prices: under the new one, far over the old one.
    provider.feed.setBid(at(0.985));
    const filledMs = await until(
      'the moved order to open',
      async () => (await ordersOf(trader.userId)).some((r) => Number(r.id) === moved.Id && r.status === 1),
      15_000,
    );
    await sleep(1_000);
    const rows = await ordersOf(trader.userId);
    expect(rows.find((r) => Number(r.id) === kept.Id)?.status).toBe(0);
    provider.feed.setBid(startBid);
    await post(two.port, '/v1/api/forex/cancel_trade', { id: kept.Id }, trader);
    const cleared = data<{ closed: unknown[] }>(
      await post(two.port, '/v1/api/forex/close_all', {}, trader, 'after-pending'),
    );
    expect(cleared.closed).toHaveLength(1);
    figures.push({
      figure: 'a pending order moved on the API-only instance: opened at its new price after (ms)',
      value: filledMs,
    });
  });

  it('lists a drawing saved on one instance on the other, and deletes it once', async () => {
    const { one, two } = instances as { one: ServerProcess; two: ServerProcess };
    const trader = traders[1]!;
    const saved = data<{ id: number }>(
      await post(
        one.port,
        '/v1/api/drawings/save',
        {
          forex_id: BTC,
          kind: 'hline',
          points: [{ time: Math.floor(Date.now() / 1000), price: btcPrice(startBid) }],
          style: { color: 'blue' },
        },
        trader,
      ),
    );
    const listed = await send(two.port, 'GET', `/v1/api/drawings/list?forex_id=${BTC}`, {
      token: trader.token,
      from: nextClient(),
    });
    expect(data<{ data: { id: number }[] }>(listed).data.map((d) => d.id)).toContain(saved.id);
    const deletes = await bothAtOnce((port) =>
      post(port, '/v1/api/drawings/delete', { id: saved.id }, trader),
    );
    expect(deletes.map((r) => verdictOf(r)).sort()).toEqual(['ok', 'refused']);
  });

  it(`keeps every position's lots and every account whole through ${OUTAGE_MS / 1000} s without Redis`, async () => {
    const byVerdict = new Map<Verdict, number>();
    const bad: string[] = [];
    const tally = (r: Reply, what: string) => {
      const verdict = verdictOf(r);
      byVerdict.set(verdict, (byVerdict.get(verdict) ?? 0) + 1);
      if (verdict !== 'ok' && verdict !== 'balancer-503' && verdict !== 'refused')
        bad.push(`${what}: ${verdict} ${describeReply(r)}`);
      return verdict;
    };
    const trader = traders[2]!;
    const opened = new Map<number, number>();
    const open = async () => {
      const r = await post(balancer.port, '/v1/api/forex/submit', market('0.05'), trader);
      if (tally(r, 'submit') === 'ok') opened.set((envelopeOf(r)!.data as { Id: number }).Id, 5);
    };
    for (let i = 0; i < 3; i++) await open();
    const pendingId = data<{ Id: number }>(
      await post(
        balancer.port,
        '/v1/api/forex/submit',
        { ...market('0.01'), status: 0, target_price: btcPrice(Math.round(startBid * 0.9)) },
        trader,
      ),
    ).Id;

    await redis.stop();
    const stoppedAt = Date.now();
    for (let round = 0; Date.now() - stoppedAt < OUTAGE_MS; round++) {
      const at = `${Date.now() - stoppedAt} ms`;
      const [id] = [...opened.keys()].slice(round % Math.max(1, opened.size));
      const key = `outage-${round}`;
      const step = round % 4;
      if (step === 0 && id !== undefined)
        tally(
          await post(balancer.port, '/v1/api/forex/close', { id, lots: '0.01' }, trader, key),
          `${at} part`,
        );
      if (step === 1) {
        const target = btcPrice(Math.round(startBid * (0.9 + (round % 5) / 1000)));
        tally(
          await post(
            balancer.port,
            '/v1/api/forex/set_pending_price',
            { id: pendingId, target_price: target },
            trader,
          ),
          `${at} move`,
        );
      }
      if (step === 2) {
        const drawing = {
          forex_id: BTC,
          kind: 'hline',
          points: [{ time: Math.floor(Date.now() / 1000), price: btcPrice(startBid) }],
          style: { color: 'green' },
        };
        tally(await post(balancer.port, '/v1/api/drawings/save', drawing, trader), `${at} drawing`);
      }
      if (step === 3) {
        // A close-all and its retry with the same key, then fresh positions to work on.
        const first = await post(balancer.port, '/v1/api/forex/close_all', { forex_id: BTC }, trader, key);
        const retry = await post(balancer.port, '/v1/api/forex/close_all', { forex_id: BTC }, trader, key);
        if (tally(first, `${at} close all`) === 'ok' && tally(retry, `${at} close all again`) === 'ok')
          expect(envelopeOf(retry)!.data).toEqual(envelopeOf(first)!.data);
        await open();
      }
      await sleep(500);
    }

    redis = await startRedis(redis.port);
    const restartedAt = Date.now();
    let tradingAgainMs = -1;
    await until(
      'a partial close through the balancer to be booked again',
      async () => {
        const [id] = [...opened.keys()].reverse();
        if (id === undefined) {
          await open();
          return false;
        }
        const r = await post(balancer.port, '/v1/api/forex/close', { id, lots: '0.01' }, trader);
        if (tally(r, 'after') !== 'ok') {
          if (envelopeOf(r)?.msg.match(/not found|closed/i)) opened.delete(id);
          return false;
        }
        tradingAgainMs = Date.now() - restartedAt;
        return true;
      },
      RECOVERY_MS,
    );
    const closed = data<{ closed: unknown[] }>(
      await post(balancer.port, '/v1/api/forex/close_all', {}, trader, 'final'),
    );
    await post(balancer.port, '/v1/api/forex/cancel_trade', { id: pendingId }, trader);

    expect(bad).toEqual([]);
    expect(await lotsKept(opened)).toEqual([]);
    expect(await checkAccounts(verifier)).toMatchObject({
      balanceMismatch: 0,
      lockMismatch: 0,
      holdMismatch: 0,
    });
    expect((await ordersOf(trader.userId)).filter((r) => r.status === 1 || r.status === 0)).toEqual([]);
    figures.push(
      {
        figure: 'answers during the outage: ok / refused / balancer 503',
        value: ['ok', 'refused', 'balancer-503'].map((v) => byVerdict.get(v as Verdict) ?? 0).join(' / '),
      },
      { figure: 'server errors, resets or malformed answers', value: bad.length, goal: '0' },
      { figure: 'a partial close booked again after Redis came back (ms)', value: tradingAgainMs },
      { figure: 'positions whose lots no longer add up', value: 0, goal: '0' },
      { figure: 'positions closed by the final close-all', value: closed.closed.length },
    );
  });
});
