import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { joinCluster, type Cluster } from '../src/cluster/cluster.js';
import { loadConfig } from '../src/config.js';
import { holdStartupLines } from '../src/ops/index.js';
import { isLoopback } from '../src/ops/metrics-access.js';
import { stopServer } from '../src/app.js';
import {
  createTestApp,
  DIALECTS,
  envelope,
  fundedUser,
  setQuote,
  TestClock,
  type TestApp,
  WEEKDAY,
} from './helper.js';
import { Probe } from './ws-probe.js';

/** The machine's Redis (the scaled shape's tests use the real one). */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const TOKEN = 'scrape-me-0123456789abcdef';
const BTC = 26;

/** The shortest quote age any instrument allows: how long the feed may stay silent. */
const priceLimitMs = (t: TestApp) =>
  Math.min(...t.services.market.service.listInstruments().map((i) => i.maxQuoteAgeMs));

const ready = async (t: TestApp) => {
  const res = await t.app.inject({ url: '/ready' });
  return { status: res.statusCode, body: JSON.parse(res.body) as Record<string, any> };
};

/** The value of one sample line (`name{labels} value`), or undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe.each(DIALECTS)('health and readiness (%s)', (dialect) => {
  let t: TestApp;
  const clock = new TestClock(WEEKDAY);
  beforeAll(async () => {
    t = await createTestApp(dialect, { services: { now: clock.now } });
  });
  afterAll(async () => t.close());

  it('/health answers while the process lives, whatever its dependencies', async () => {
    const res = await t.app.inject({ url: '/health?t=1' });
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('/ready waits for the feed, drops out when it is silent past the limit, and returns', async () => {
    // The feed has never spoken: no price can be trusted yet.
    let r = await ready(t);
    expect(r.status).toBe(503);
    expect(r.body).toMatchObject({ ready: false, failed: ['prices'] });

    t.services.market.service.onTicks([], clock.value);
    r = await ready(t);
    expect(r.status).toBe(200);
    // Embedded shape: no Redis check.
    expect(r.body).toEqual({
      ready: true,
      checks: { database: true, migrations: true, prices: true },
      failed: [],
      stale_instruments: 0,
    });

    // The limit is the strictest instrument's (crypto's 5 s), not the most lenient one's.
    const limit = priceLimitMs(t);
    expect(limit).toBeLessThan(
      Math.max(...t.services.market.service.listInstruments().map((i) => i.maxQuoteAgeMs)),
    );
    clock.advance(limit);
    expect((await ready(t)).status).toBe(200);
    clock.advance(1);
    r = await ready(t);
    expect(r.status).toBe(503);
    expect(r.body).toMatchObject({
      ready: false,
      checks: { database: true, migrations: true, prices: false },
      failed: ['prices'],
    });
    expect(r.body.stale_instruments).toBeGreaterThan(0);

    t.services.market.service.onTicks([], clock.value);
    r = await ready(t);
    expect(r.status).toBe(200);
    expect(r.body.ready).toBe(true);
  });

  it('/ready is 503 once the database is gone', async () => {
    t.services.market.service.onTicks([], clock.value);
    expect((await ready(t)).status).toBe(200);
    await t.database.handle.db.destroy();
    const r = await ready(t);
    expect(r.status).toBe(503);
    expect(r.body).toMatchObject({ ready: false, failed: ['database'], checks: { database: false } });
    // /health does not look at dependencies.
    expect((await t.app.inject({ url: '/health' })).statusCode).toBe(200);
  });
});

describe('readiness with a running feed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { config: { SIM_TICK_MS: 100 } });
    t.services.market.service.start(t.services.market.feed);
  });
  afterAll(async () => {
    await t.services.market.service.stop();
    await t.close();
  });

  it('drops out after a few silent heartbeats, before any instrument limit', async () => {
    const deadline = Date.now() + 5_000;
    while ((await ready(t)).status !== 200) {
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((r) => setTimeout(r, 50));
    }
    // The feed stops speaking (an engine gone): 1 s of silence, under crypto's 5 s limit.
    t.services.market.feed.stop();
    const stopped = Date.now();
    let r = await ready(t);
    while (r.status === 200) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      r = await ready(t);
    }
    expect(Date.now() - stopped).toBeLessThan(priceLimitMs(t));
    expect(r.body.failed).toEqual(['prices']);
  });
});

describe.each(DIALECTS)('metrics (%s)', (dialect) => {
  let open: TestApp;
  let guarded: TestApp;
  beforeAll(async () => {
    open = await createTestApp(dialect);
    guarded = await createTestApp(dialect, { app: { ops: { metricsToken: TOKEN } } });
  });
  afterAll(async () => {
    await open.close();
    await guarded.close();
  });

  const scrape = (t: TestApp, remoteAddress: string, headers: Record<string, string> = {}) =>
    t.app.inject({ url: '/metrics', remoteAddress, headers: { lang: 'en', ...headers } });
  const refused = (res: { statusCode: number; body: string }) => {
    expect(res.statusCode).toBe(404);
    expect(envelope(res)).toEqual({ code: 1004, msg: 'Not found', data: null });
  };

  it('without METRICS_TOKEN answers only a direct loopback connection', async () => {
    refused(await scrape(open, '10.0.0.7'));
    refused(await scrape(open, '10.0.0.7', { authorization: `Bearer ${TOKEN}` }));
    // A balancer or proxy on this host forwards someone else's request: it names them.
    refused(await scrape(open, '127.0.0.1', { 'x-forwarded-for': '203.0.113.9' }));
    refused(await scrape(open, '127.0.0.1', { forwarded: 'for=203.0.113.9' }));
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await scrape(open, address);
      expect(res.statusCode, address).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    }
  });

  it('with METRICS_TOKEN answers only the bearer of the token, from anywhere', async () => {
    refused(await scrape(guarded, '10.0.0.7'));
    refused(await scrape(guarded, '10.0.0.7', { authorization: 'Bearer wrong-token-0123456789' }));
    refused(await scrape(guarded, '10.0.0.7', { authorization: `Bearer ${TOKEN}x` }));
    refused(await scrape(guarded, '10.0.0.7', { authorization: TOKEN }));
    // Loopback alone is not enough once a token is set.
    refused(await scrape(guarded, '127.0.0.1'));
    const res = await scrape(guarded, '10.0.0.7', { authorization: `Bearer ${TOKEN}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('pipwise_http_request_duration_seconds');
  });

  it('counts requests by route pattern, orders by result, and reads the gauges at scrape time', async () => {
    const { services, app } = guarded;
    setQuote(services, 'BTCUSD', 8_750_000, 8_753_000, services.core.now());
    const { token } = await fundedUser(services, 10_000);
    const post = (url: string, payload: Record<string, unknown>, auth = token) =>
      app
        .inject({ method: 'POST', url, headers: { lang: 'en', authorization: auth }, payload })
        .then(envelope);
    const buy = { type: 1, cont: '0.10', forex_id: BTC, status: 1, multiple: 10 };

    const filled = await post('/v1/api/forex/submit', buy);
    expect(filled.code, filled.msg).toBe(1);
    // Ticks while it is open: the margin watch values the account and, once the trader's
    // warning levels are read, bands it.
    await vi.waitFor(() => {
      setQuote(services, 'BTCUSD', 8_750_100, 8_753_100, services.core.now());
      expect(services.trading.engine.watch.bandedCount).toBe(1);
    });
    expect((await post('/v1/api/forex/submit', { ...buy, cont: '500' })).code).toBe(2000);
    // Refused by the auth hook, before the route runs.
    expect((await post('/v1/api/forex/submit', buy, 'no-such-session')).code).toBe(999);
    expect(
      (await post('/v1/api/forex/set_stop_price', { id: 999_999, target_profit_price: 99_000 })).code,
    ).toBe(2000);
    expect((await post('/v1/api/forex/close', { id: filled.data.Id })).code).toBe(1);
    await app.inject({ url: '/v1/api/forex/my_deal?status=1&page=1', headers: { authorization: token } });
    await app.inject({ url: '/api/no-such-call-7f3a9c' });
    await services.trading.engine.reconcile();

    // A socket open on this instance.
    await app.listen({ port: 0, host: '127.0.0.1' });
    const probe = await Probe.open(
      `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/v1/ws?lang=en`,
    );
    try {
      const res = await scrape(guarded, '10.0.0.7', { authorization: `Bearer ${TOKEN}` });
      const text = res.body;

      // Process metrics (prom-client's defaults).
      expect(text).toMatch(/^process_cpu_user_seconds_total \d/m);
      expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
      // HTTP latency by route pattern and status: never the raw URL.
      expect(
        sample(
          text,
          'pipwise_http_request_duration_seconds_count{method="POST",route="/v1/api/forex/submit",status="200"}',
        ),
      ).toBe(3);
      expect(
        sample(
          text,
          'pipwise_http_request_duration_seconds_count{method="GET",route="/v1/api/forex/my_deal",status="200"}',
        ),
      ).toBe(1);
      expect(text).toContain('route="unmatched",status="404"');
      expect(text).not.toContain('no-such-call-7f3a9c');
      expect(text).not.toContain('page=1');
      // Orders: latency by action, results as code 1 (ok) or the error's key.
      expect(sample(text, 'pipwise_order_duration_seconds_count{action="submit"}')).toBe(3);
      expect(sample(text, 'pipwise_orders_total{action="submit",result="ok"}')).toBe(1);
      expect(sample(text, 'pipwise_orders_total{action="submit",result="errors.insufficient_margin"}')).toBe(
        1,
      );
      expect(sample(text, 'pipwise_orders_total{action="submit",result="errors.session_expired"}')).toBe(1);
      expect(sample(text, 'pipwise_orders_total{action="modify",result="errors.order_not_found"}')).toBe(1);
      expect(sample(text, 'pipwise_orders_total{action="close",result="ok"}')).toBe(1);
      // Gauges read at scrape time.
      expect(sample(text, 'pipwise_sockets_open')).toBe(1);
      expect(sample(text, 'pipwise_quote_age_seconds{instrument="BTCUSD"}')).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'pipwise_feed_age_seconds')).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'pipwise_engine_leader')).toBe(1);
      expect(sample(text, 'pipwise_engine_reconcile_passes_total')).toBe(1);
      expect(sample(text, 'pipwise_engine_reconcile_drifted_total')).toBe(0);
      expect(sample(text, 'pipwise_engine_reconcile_caught_up_total')).toBeGreaterThanOrEqual(0);
      // The margin watch valued the position this test held (its first tick, with no band yet).
      expect(sample(text, 'pipwise_engine_margin_rebanded_total')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'pipwise_engine_margin_valued_total')).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'pipwise_engine_margin_banded_accounts')).toBeGreaterThanOrEqual(0);
      if (dialect === 'postgres') {
        expect(sample(text, 'pipwise_db_pool_connections{state="total"}')).toBeGreaterThan(0);
        expect(sample(text, 'pipwise_db_pool_connections{state="idle"}')).toBeGreaterThanOrEqual(0);
        expect(sample(text, 'pipwise_db_pool_connections{state="waiting"}')).toBe(0);
      } else {
        // SQLite has no pool: the metric has no samples.
        expect(text).not.toContain('pipwise_db_pool_connections{');
      }
    } finally {
      probe.ws.close();
    }
  });

  it('keeps each app in its own registry', async () => {
    const res = await scrape(open, '127.0.0.1');
    expect(sample(res.body, 'pipwise_orders_total{action="submit",result="ok"}')).toBeUndefined();
  });
});

describe('the scaled shape: readiness follows Redis and the engine lease', () => {
  let t: TestApp;
  let cluster: Cluster | undefined;
  const run = randomBytes(4).toString('hex');
  beforeAll(async () => {
    t = await createTestApp('postgres', {
      app: { ops: { metricsToken: TOKEN, cluster: () => cluster } },
      config: { SIM_TICK_MS: 100 },
    });
  });
  afterAll(async () => {
    await t.app.close();
    await cluster?.stop();
    await stopServer(t.services);
    await t.close();
  });

  const until = async (what: () => Promise<boolean>, ms = 10_000) => {
    const deadline = Date.now() + ms;
    while (!(await what())) {
      if (Date.now() > deadline) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 25));
    }
  };
  const leaderSample = async () =>
    sample(
      (await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body,
      'pipwise_engine_leader',
    );

  it('is not ready before joining, ready once Redis is up and the engine ticks, and not after Redis goes', async () => {
    let r = await ready(t);
    expect(r.status).toBe(503);
    expect(r.body.checks.redis).toBe(false);
    expect(r.body.failed).toContain('redis');

    cluster = await joinCluster(t.services, {
      redisUrl: REDIS_URL,
      databaseUrl: t.database.url,
      instanceId: `${run}-ops`,
      role: 'all',
      electionRetryMs: 200,
      channelPrefix: run,
    });
    expect(cluster.bridge.connected).toBe(true);
    // Alone on its database, this instance is elected and its feed starts ticking.
    await until(async () => (await ready(t)).status === 200);
    r = await ready(t);
    expect(r.body.checks).toEqual({ database: true, migrations: true, redis: true, prices: true });
    await until(async () => (await leaderSample()) === 1);
    expect(cluster.election?.currentEpoch).not.toBeNull();

    // Redis gone: the connections leave `ready` (ioredis reconnects, or has ended).
    await cluster.bridge.stop();
    await until(async () => Promise.resolve(!cluster!.bridge.connected), 2_000);
    r = await ready(t);
    expect(r.status).toBe(503);
    expect(r.body.checks.redis).toBe(false);
    expect(r.body.failed).toContain('redis');
  });
});

describe('ops pieces', () => {
  it('tells loopback addresses apart', () => {
    for (const a of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'])
      expect(isLoopback(a), a).toBe(true);
    for (const a of [undefined, '', '10.0.0.1', '::ffff:10.0.0.1', '::2', 'localhost', '1270.0.0.1'])
      expect(isLoopback(a), String(a)).toBe(false);
  });

  it('takes METRICS_TOKEN only when long and without spaces', () => {
    expect(loadConfig({}).METRICS_TOKEN).toBe('');
    expect(loadConfig({ METRICS_TOKEN: TOKEN }).METRICS_TOKEN).toBe(TOKEN);
    for (const bad of ['short', 'has a space in it 0123', 'x'.repeat(257)])
      expect(() => loadConfig({ METRICS_TOKEN: bad }), bad).toThrow(/METRICS_TOKEN/);
  });

  it('holds info lines until released — the address first, then the back office — and lets others through', () => {
    const lines: { level: number; msg: string }[] = [];
    const startup = holdStartupLines();
    const log = pino(
      { level: 'debug', hooks: { logMethod: startup.logMethod } },
      { write: (line: string) => void lines.push(JSON.parse(line) as { level: number; msg: string }) },
    );
    const messages = () => lines.map((l) => l.msg);
    log.info({ database: 'x' }, 'database ready');
    log.child({ module: 'admin' }).info({ email: 'a@b.c' }, 'back office: first operator a@b.c created');
    log.info('Server listening at http://127.0.0.1:8080');
    log.error('boom');
    log.debug('a request');
    expect(messages()).toEqual(['boom', 'a request']);
    startup.release(() => log.info('Pipwise is running at http://localhost:8080 (pid 1)'));
    expect(messages().slice(2)).toEqual([
      'Pipwise is running at http://localhost:8080 (pid 1)',
      'back office: first operator a@b.c created',
      'database ready',
      'Server listening at http://127.0.0.1:8080',
    ]);
    // A child logger's bindings survive the wait.
    expect(lines[3]).toMatchObject({ module: 'admin', email: 'a@b.c' });
    startup.release(() => log.info('twice'));
    log.info('later');
    expect(messages().at(-1)).toBe('later');
    expect(messages()).not.toContain('twice');
  });
});
