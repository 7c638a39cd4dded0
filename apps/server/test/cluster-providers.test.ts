import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, createServer, stopServer, type Server } from '../src/app.js';
import { joinCluster, type Cluster } from '../src/cluster/cluster.js';
import { createDatabase, type DatabaseHandle } from '../src/core/db/create-db.js';
import { loadExecutionConfig } from '../src/execution-config.js';
import { environmentSources, loadFeedConfig } from '../src/feed-config.js';
import { seedLpInstruments, startLpSimulator, type LpSimulator } from '../src/modules/market/index.js';
import {
  createTestDatabase,
  envelope,
  fundedUser,
  TEST_BACKFILL,
  type TestDatabase,
  waitFor,
} from './helper.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** BTC/USD: quoted around the clock, so the test runs on any day. */
const BTC = 26;
const MARKUP = 20;

interface Instance {
  name: string;
  handle: DatabaseHandle;
  services: Server;
  app: FastifyInstance;
  cluster: Cluster;
}

/**
 * The provider's sessions in the scaled shape (docs/execution.md "In the scaled shape"):
 * only the engine's instance holds the market-data and trading sessions; every instance
 * prices from its ticks, shows its sessions, and sends A-book orders through it. A new
 * engine resumes both sessions from the sequence numbers stored in the database.
 */
describe('provider sessions in the scaled shape: PostgreSQL + Redis + the LP simulator', () => {
  let database: TestDatabase;
  let lp: LpSimulator;
  const instances: Instance[] = [];
  const run = randomBytes(4).toString('hex');

  async function start(name: string): Promise<Instance> {
    const handle =
      instances.length === 0 ? database.handle : createDatabase({ url: database.url, dataDir: '' });
    const services = await createServer(
      handle,
      { SIM_SEED: 3, SIM_TICK_MS: 100 },
      { backfill: TEST_BACKFILL },
    );
    // What main.ts does with FEED=fix, FIX_MD_URL and FIX_TRADE_URL.
    await services.providers.writeEnvironment(
      environmentSources(
        loadFeedConfig({ FEED: 'fix', FIX_MD_URL: `fix://127.0.0.1:${lp.port}?sender=CL-PW&target=CL-LP` }),
        loadExecutionConfig({ FIX_TRADE_URL: `fix://127.0.0.1:${lp.tradePort}?sender=CL-PWT&target=CL-LP` }),
      ),
    );
    services.providers.setOrderTimeout(3_000);
    const app = await buildApp(services);
    const cluster = await joinCluster(services, {
      redisUrl: REDIS_URL,
      databaseUrl: database.url,
      instanceId: `${run}-${name}`,
      role: 'all',
      electionRetryMs: 200,
      channelPrefix: run,
    });
    const instance = { name, handle, services, app, cluster };
    instances.push(instance);
    return instance;
  }

  const isEngine = (i: Instance) => i.services.trading.engine.isActive;
  const submit = (i: Instance, token: string, key: string) =>
    i.app
      .inject({
        method: 'POST',
        url: '/v1/api/forex/submit',
        headers: { lang: 'en', authorization: token, 'idempotency-key': key },
        payload: { type: 1, cont: '0.01', forex_id: BTC, status: 1, multiple: 20 },
      })
      .then(envelope);
  const execution = (key: string) =>
    database.handle.db
      .selectFrom('executions')
      .selectAll()
      .where('idempotency_key', '=', key)
      .executeTakeFirst();
  const sequences = () =>
    database.handle.db.selectFrom('fix_sequences').selectAll().orderBy('session_key').execute();

  beforeAll(async () => {
    lp = await startLpSimulator({
      senderCompId: 'CL-LP',
      targetCompId: 'CL-PW',
      tradeTargetCompId: 'CL-PWT',
      instruments: seedLpInstruments(),
      tickMs: 100,
      heartbeatSecs: 1,
      alwaysOpen: true,
      seed: 17,
      execution: { latencyMs: 20 },
    });
    database = await createTestDatabase('postgres');
    const first = await start('a');
    await database.handle.db
      .updateTable('instruments')
      .set({ execution_mode: 'a_book', markup_points: MARKUP, max_slippage_points: 100_000 })
      .where('id', '=', BTC)
      .execute();
    await first.services.market.service.reloadConfig();
    await waitFor('the first instance elected', () => isEngine(first));
    await start('b');
  }, 60_000);

  afterAll(async () => {
    for (const i of [...instances].reverse()) {
      await i.app.close();
      await i.cluster.stop();
      await stopServer(i.services);
      if (i.handle !== database.handle) await i.handle.db.destroy();
    }
    await database?.drop();
    await lp?.close();
  });

  it('prices every instance from the engine’s provider session and shows its sessions everywhere', async () => {
    const [engine, other] = instances as [Instance, Instance];
    const btc = other.services.market.service.instrument(BTC)!;
    await waitFor(
      'the provider’s price on the other instance',
      () => other.services.market.service.isQuoteFresh(btc),
      15_000,
    );
    // One session each: only the engine logged on (market data and trading).
    expect(lp.sessionCount).toBe(2);
    expect(other.services.providers.tradeVenue()).toBeUndefined();
    expect(engine.services.providers.tradeVenue()?.isLive()).toBe(true);
    await waitFor('the engine’s feed status on the other instance', () => {
      const status = other.services.market.service.feedStatus();
      return status.kind === 'fix' && status.sources[0]?.fix.session === 'live';
    });
    await waitFor(
      'the engine’s trading session on the other instance',
      () => other.services.market.sources.tradeSession()?.session === 'live',
    );
    expect(other.services.market.sources.reach.canConnect).toBe(true);
  });

  it('sends an A-book order taken by another instance through the engine’s session, once', async () => {
    const [, other] = instances as [Instance, Instance];
    const { userId, token } = await fundedUser(other.services, 10_000);
    const key = `cl-${run}-1`;
    const fillsBefore = lp.fills.length;
    const placed = await submit(other, token, key);
    expect(placed.code, placed.msg).toBe(1);
    const exec = await execution(key);
    expect(exec).toMatchObject({ state: 'booked', purpose: 'open', user_id: userId });
    const fills = lp.fills.slice(fillsBefore);
    expect(fills.map((f) => f.clOrdId)).toEqual([exec!.cl_ord_id]);
    const lpPoints = Math.round(Number(fills[0]!.price) * 100);
    expect(Number(exec!.lp_price)).toBe(lpPoints);
    expect(placed.data.Id).toBe(Number(exec!.order_id));
    // The same request again is the same order: no second trade.
    const again = await submit(other, token, key);
    expect(again.data.Id).toBe(placed.data.Id);
    expect(lp.fills.length).toBe(fillsBefore + 1);
  });

  it('keeps the sessions’ sequence numbers in the database, and a new engine resumes them', async () => {
    const [old, next] = instances as [Instance, Instance];
    await waitFor('sequence numbers stored for both sessions', async () => {
      const rows = await sequences();
      return rows.length === 2 && rows.every((r) => Number(r.sender_seq) > 1 && Number(r.target_seq) > 1);
    });
    const keys = (await sequences()).map((r) => r.session_key);
    expect(keys).toEqual(['md_primary/FIX.4.4-CL-PW-CL-LP', 'trade/FIX.4.4-CL-PWT-CL-LP']);
    const logonsBefore = lp.logons.length;

    // The engine steps down (its process stopping): it logs out; the other takes over.
    await old.cluster.stop();
    await waitFor('the other instance elected', () => isEngine(next), 15_000);
    await waitFor(
      'both sessions live again',
      () => lp.sessionCount === 2 && next.services.providers.tradeVenue()?.isLive() === true,
      15_000,
    );
    const resumed = lp.logons.slice(logonsBefore);
    expect(resumed.length).toBeGreaterThanOrEqual(2);
    // Logged on where the last engine stopped: no sequence reset, numbers past the first.
    for (const logon of resumed) expect(logon).toMatchObject({ resetSeqNum: false });
    expect(resumed.every((l) => l.seqNum > 1)).toBe(true);

    const { token } = await fundedUser(next.services, 10_000);
    const key = `cl-${run}-2`;
    const placed = await submit(next, token, key);
    expect(placed.code, placed.msg).toBe(1);
    expect(await execution(key)).toMatchObject({ state: 'booked' });
  });
});
