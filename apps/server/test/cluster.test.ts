import {
  adminSaveGroupConditionEndpoint,
  adminSaveGroupEndpoint,
  adminSetUserGroupEndpoint,
  points,
} from '@pipwise/shared';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { joinCluster, type Cluster } from '../src/cluster/cluster.js';
import { CHANNELS } from '../src/cluster/redis-bridge.js';
import { createDatabase, type DatabaseHandle } from '../src/core/db/create-db.js';
import { createServer, stopServer, type Server } from '../src/app.js';
import {
  createTestDatabase,
  envelope,
  fundedUser,
  TEST_BACKFILL,
  TEST_PG_URL,
  type TestDatabase,
  weekdayClock,
} from './helper.js';
import { adminClient, createOperator } from './admin-fixtures.js';
import { groupBody } from './group-fixtures.js';
import { Probe } from './ws-probe.js';

/** The machine's Redis (the scaled shape's tests use the real one). */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const BTC = 26;

interface Instance {
  name: string;
  handle: DatabaseHandle;
  services: Server;
  app: FastifyInstance;
  cluster: Cluster;
  url: string;
}

async function until<T>(what: () => T | Promise<T>, ok: (v: T) => boolean, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await what();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting: last ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * The scaled shape on one machine (docs/architecture.md): instances on one PostgreSQL
 * database and one Redis, each with its own pools, engine index and sockets.
 */
describe('the scaled shape: PostgreSQL + Redis', () => {
  let database: TestDatabase;
  const instances: Instance[] = [];
  /** Redis channels are shared by every test run on this machine: keep this run's apart. */
  const run = randomBytes(4).toString('hex');

  async function start(name: string): Promise<Instance> {
    const handle =
      instances.length === 0 ? database.handle : createDatabase({ url: database.url, dataDir: '' });
    // A long tick interval: the engine's own simulator stays quiet; the test moves prices.
    const services = await createServer(
      handle,
      { SIM_SEED: 42, SIM_TICK_MS: 60_000 },
      { backfill: TEST_BACKFILL, hub: { flushMs: 20 }, now: weekdayClock },
    );
    const app = await buildApp(services);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const cluster = await joinCluster(services, {
      redisUrl: REDIS_URL,
      databaseUrl: database.url,
      instanceId: `${run}-${name}`,
      role: 'all',
      electionRetryMs: 200,
      channelPrefix: run,
    });
    const port = (app.server.address() as { port: number }).port;
    const instance = { name, handle, services, app, cluster, url: `ws://127.0.0.1:${port}/v1/ws?lang=en` };
    instances.push(instance);
    return instance;
  }

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    await start('a');
    await until(
      () => instances[0]!.cluster.election?.currentEpoch ?? null,
      (e) => e !== null,
    );
    await start('b');
  });

  afterAll(async () => {
    for (const i of [...instances].reverse()) {
      await i.app.close();
      await i.cluster.stop();
      await stopServer(i.services);
      if (i.handle !== database.handle) await i.handle.db.destroy();
    }
    await database.drop();
  });

  const leader = () => instances.find((i) => i.cluster.election?.currentEpoch !== null);
  const call = (i: Instance, url: string, token: string, payload?: object) =>
    i.app
      .inject({
        method: payload ? 'POST' : 'GET',
        url,
        headers: { lang: 'en', authorization: token },
        ...(payload ? { payload } : {}),
      })
      .then(envelope);
  /** A tick as the engine's feed sends it: applied on the engine, published to the others. */
  const tick = (bid: number, ask: number) => {
    const engine = leader()!;
    const time = engine.services.core.now();
    const ticks = [{ id: BTC, bid: points(bid), ask: points(ask) }];
    engine.services.market.service.onTicks(ticks, time);
    engine.cluster.bridge.publish(CHANNELS.ticks, { ticks, time });
  };

  /**
   * Through `through` only: an operator saves a real, professional group with these levels
   * (null: the broker's) and moves the trader into it.
   */
  const groupThrough = async (
    through: Instance,
    userId: number,
    name: string,
    levels: { margin_call_level: string | null; stop_out_level: string | null },
  ) => {
    const admin = await createOperator(through.services, 'admin');
    const ops = adminClient(through.app);
    const as = { token: admin.token };
    const group = await ops.call(adminSaveGroupEndpoint, groupBody(name, levels), as);
    expect(group.code, group.msg).toBe(1);
    const moved = await ops.call(
      adminSetUserGroupEndpoint,
      { id: userId, group_id: group.data.id, reason: 'cluster test' },
      as,
    );
    expect(moved.code, moved.msg).toBe(1);
    return { groupId: group.data.id, ops, as };
  };

  it('elects exactly one engine', () => {
    expect(instances.filter((i) => i.cluster.election?.currentEpoch !== null)).toHaveLength(1);
    expect(instances[0]!.services.trading.engine.isActive).toBe(true);
    expect(instances[1]!.services.trading.engine.isActive).toBe(false);
  });

  it('sends the engine ticks to every instance and an order placed anywhere to every socket and index', async () => {
    const [a, b] = instances as [Instance, Instance];
    tick(8_750_000, 8_753_000);
    await until(
      () => b.services.market.service.liveQuote(BTC)?.bid,
      (bid) => bid === 8_750_000,
    );

    const { userId, token } = await fundedUser(a.services, 10_000);
    // The trader's socket is on A; the order is placed through B.
    const probe = await Probe.open(a.url);
    probe.send({ type: 'login', token });
    await probe.next((m) => m.type === 'login_result' && m.code === 1);
    probe.send({ type: 'sub', topic: 'FOREX_ORDER' });
    await new Promise((r) => setTimeout(r, 50));
    const placed = await call(b, '/v1/api/forex/submit', token, {
      type: 1,
      cont: '0.1',
      forex_id: BTC,
      status: 1,
      multiple: 10,
      target_profit_price: '87700',
    });
    expect(placed.code).toBe(1);
    const pushed = await probe.next((m) => m.topic === 'FOREX_ORDER');
    expect(pushed.data).toMatchObject({ event: 'opened', order: { Id: placed.data.Id } });
    // The engine (A) indexed it within a moment, so its TP is watched.
    await until(
      () => a.services.trading.engine.index.accounts.get(userId)?.positions.has(placed.data.Id),
      (v) => v === true,
    );
    probe.ws.close();
  });

  it('stops out on the engine at the levels of a group created and assigned through another instance', async () => {
    const [a, b] = instances as [Instance, Instance];
    tick(8_750_000, 8_753_000);
    // 0.1 lot at 1:20: margin 437.65 on equity ≈ 595: a level ≈ 136 %, far above the broker's 50 %.
    const trader = await fundedUser(a.services, 600);
    const opened = await call(b, '/v1/api/forex/submit', trader.token, {
      type: 1,
      cont: '0.1',
      forex_id: BTC,
      status: 1,
      multiple: 20,
    });
    expect(opened.code, opened.msg).toBe(1);
    await until(
      () => a.services.trading.engine.index.accounts.get(trader.userId)?.positions.has(opened.data.Id),
      (v) => v === true,
    );

    // Through B only: a group whose stop-out is 200 %, and the trader moved into it. The
    // engine (A) hears of both over Redis: the group's levels ('groups'), the account's group
    // (the move's balance event) — docs/trading-groups.md "Terms an order keeps".
    const tight = await groupThrough(b, trader.userId, 'Tight levels', {
      margin_call_level: '300',
      stop_out_level: '200',
    });
    await until(
      () => a.services.trading.engine.index.accounts.get(trader.userId)?.groupId,
      (g) => g === tight.groupId,
    );

    // The next price barely moves, yet the engine closes the position: 136 % < 200 %.
    tick(8_750_100, 8_753_100);
    const closed = await until(
      () =>
        a.handle.db
          .selectFrom('orders')
          .select(['status', 'close_reason'])
          .where('id', '=', opened.data.Id)
          .executeTakeFirstOrThrow(),
      (row) => row.close_reason !== null,
    );
    expect(closed.close_reason).toBe('stop_out');
  });

  it('applies a condition saved through one instance to the next order on another, which kept the old terms', async () => {
    const [a, b] = instances as [Instance, Instance];
    tick(8_750_000, 8_753_000);
    const trader = await fundedUser(a.services, 10_000);
    const { groupId, ops, as } = await groupThrough(b, trader.userId, 'Cluster terms', {
      margin_call_level: null,
      stop_out_level: null,
    });
    const order = { type: 1, cont: '0.01', forex_id: BTC, status: 1, multiple: 20 };
    // A reads the group's terms for this order and keeps them.
    expect((await call(a, '/v1/api/forex/submit', trader.token, order)).code).toBe(1);

    // Through B: BTC in this group at 1:5 only. A's next order is held to it as soon as the
    // cluster's message arrives (milliseconds; the test allows seconds).
    const condition = await ops.call(
      adminSaveGroupConditionEndpoint,
      { group_id: groupId, instrument_id: BTC, leverages: '5' },
      as,
    );
    expect(condition.code, condition.msg).toBe(1);
    const refused = await until(
      () => call(a, '/v1/api/forex/submit', trader.token, order),
      (res) => res.code !== 1,
      5_000,
    );
    expect(refused.msg).toMatch(/leverage/i);
    expect((await call(a, '/v1/api/forex/submit', trader.token, { ...order, multiple: 5 })).code).toBe(1);
  });

  it('fails over when the engine loses its lock, and fills a TP crossed meanwhile at the first price after, saying so', async () => {
    const old = leader()!;
    const standby = instances.find((i) => i !== old)!;
    const { userId, token } = await fundedUser(old.services, 10_000);
    tick(8_750_000, 8_753_000);
    await until(
      () => standby.services.market.service.liveQuote(BTC)?.bid,
      (bid) => bid === 8_750_000,
    );
    const order = await call(standby, '/v1/api/forex/submit', token, {
      type: 1,
      cont: '0.1',
      forex_id: BTC,
      status: 1,
      multiple: 10,
      target_profit_price: '87700',
    });
    await until(
      () => old.services.trading.engine.index.accounts.get(userId)?.positions.size,
      (n) => n === 1,
    );

    // The engine's process dies (kill -9): its lock connection is cut by the server and it
    // competes no more.
    const oldElection = old.cluster.election!;
    const admin = new pg.Client({ connectionString: TEST_PG_URL });
    await admin.connect();
    await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND granted AND database = (SELECT oid FROM pg_database WHERE datname = $1)`,
      [new URL(database.url).pathname.slice(1)],
    );
    await admin.end();
    const started = Date.now();
    await until(
      () => old.services.trading.engine.isActive,
      (active) => !active,
      2_000,
    );
    await oldElection.stop();
    // Elected, then acting once its index is read from the database.
    await until(
      () => standby.services.trading.engine.isActive,
      (active) => active,
    );
    expect(standby.cluster.election?.currentEpoch).not.toBeNull();
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(old.services.trading.engine.isActive).toBe(false);
    expect(standby.services.trading.engine.isActive).toBe(true);

    // The price went through the TP while no engine acted; the new engine's first tick closes it.
    tick(8_790_000, 8_793_000);
    const closed = await until(
      async () => (await call(standby, '/v1/api/forex/my_deal?status=3', token)).data.data[0],
      (o: any) => o?.Id === order.data.Id,
    );
    expect(closed).toMatchObject({ CloseReason: 'tp', UpdatePrice: 87900, CloseNote: 'after_takeover' });
  });

  it('fences the deposed engine: its late writes are refused', async () => {
    const deposed = instances.find((i) => i.cluster.election?.currentEpoch === null)!;
    const { userId } = await fundedUser(deposed.services, 100);
    // Pretend it still believes it leads with an old epoch.
    deposed.services.trading.engine.takeOver(1);
    await expect(
      deposed.services.trading.engine.schedule(userId, () => Promise.resolve('acted')),
    ).rejects.toMatchObject({
      key: 'errors.engine_fenced',
    });
    deposed.services.trading.engine.standBy();
  });

  it('tells every socket to resynchronise when Redis loses messages', async () => {
    const [a] = instances as [Instance];
    const probe = await Probe.open(a.url);
    probe.send({ type: 'sub', topic: 'DAY_MARKET' });
    await probe.next((m) => m.topic === 'DAY_MARKET');
    // A message from another instance numbered past the next one: some were lost.
    const other = instances.find((i) => i !== a)!;
    for (let n = 0; n < 3; n++) other.cluster.bridge.publish(CHANNELS.control, { kind: 'noop' });
    (other.cluster.bridge as unknown as { seqOut: Map<string, number> }).seqOut.set(CHANNELS.control, 100);
    other.cluster.bridge.publish(CHANNELS.control, { kind: 'noop' });
    await probe.next((m) => m.type === 'resync');
    probe.ws.close();
  });

  it('prices each order on the terms of the moment while the engine cannot hear the others, and keeps them again after', async () => {
    const engine = leader()!;
    const other = instances.find((i) => i !== engine)!;
    tick(8_750_000, 8_753_000);
    const trader = await fundedUser(engine.services, 10_000);
    const { groupId, ops, as } = await groupThrough(other, trader.userId, 'Deaf engine', {
      margin_call_level: null,
      stop_out_level: null,
    });
    const order = { type: 1, cont: '0.01', forex_id: BTC, status: 1, multiple: 20 };
    const markup = async (points: number) => {
      const saved = await ops.call(
        adminSaveGroupConditionEndpoint,
        { group_id: groupId, instrument_id: BTC, markup_points: points },
        as,
      );
      expect(saved.code, saved.msg).toBe(1);
    };
    const openPrice = async () => {
      const res = await call(engine, '/v1/api/forex/submit', trader.token, order);
      expect(res.code, res.msg).toBe(1);
      return res.data.OriginPrice as number;
    };
    // The engine reads the group's terms for an order and keeps them.
    expect(await openPrice()).toBe(87_530);

    // Its subscriber's link to Redis is cut: nothing from the other instance reaches it.
    const sub = (
      engine.cluster.bridge as unknown as { sub: { disconnect(): void; connect(): Promise<void> } }
    ).sub;
    sub.disconnect();
    // Through the other instance: a markup of 200 points on BTC. The engine never hears of
    // it, yet its very next order is priced on it (1 BTC point is 0.01 USD: ask + 1.00).
    await markup(200);
    expect(await openPrice()).toBe(87_531);
    await markup(400);
    expect(await openPrice()).toBe(87_532);

    // The link is back (a gap: what was missed is read afresh), and edits are heard again.
    await sub.connect();
    await until(
      () => engine.cluster.bridge.connected,
      (up) => up,
    );
    expect(await openPrice()).toBe(87_532);
    await markup(600);
    const previewEntry = async () =>
      (await call(engine, '/v1/api/forex/preview', trader.token, order)).data?.entry as number | undefined;
    expect(await until(previewEntry, (entry) => entry === 87_533, 5_000)).toBe(87_533);
    expect(await openPrice()).toBe(87_533);
  });
});
