import fs from 'node:fs';
import {
  adminAnnouncementsEndpoint,
  adminBroadcastAnnouncementEndpoint,
  adminSaveAnnouncementEndpoint,
} from '@pipwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Balancer } from '../../../scripts/haproxy.js';
import { createServer, stopServer, type Server } from '../src/app.js';
import { hashPassword } from '../src/modules/auth/password.js';
import { createOperator, OPERATOR_PASSWORD, totpCode } from '../test/admin-fixtures.js';
import { boundMethod, fundsFixture } from '../test/funds-fixtures.js';
import { createTestDatabase, fundedUser, TEST_BACKFILL, type TestDatabase } from '../test/helper.js';
import { Browser, vapidClaims } from '../test/push-endpoint.js';
import { BTC, btcPrice, startPushService, startSteeredProvider } from './alerts-support.js';
import { describeReply, envelopeOf, nextClient, send, verdictOf, type Reply } from './back-office-support.js';
import { record } from './figures.js';
import {
  balanceInstances,
  checkAccounts,
  isReady,
  SCALED_TICK_MS,
  scaledInstanceEnv,
  startServer,
  startRedis,
  until,
  type ServerProcess,
} from './support.js';

/** How long Redis stays down. */
const OUTAGE_MS = Number(process.env.RELIABILITY_ALERTS_OUTAGE_MS ?? 20_000);
/** How long the alerts, pushes and orders may take to be whole again once Redis is back. */
const RECOVERY_MS = Number(process.env.RELIABILITY_ALERTS_RECOVERY_MS ?? 30_000);
/** Funded traders, each with six alerts set before the outage (trader 0 also has a browser). */
const TRADERS = Number(process.env.RELIABILITY_ALERTS_TRADERS ?? 4);
/** How long an instance's process may take to serve after its start (a busy machine is slow). */
const START_MS = Number(process.env.RELIABILITY_ALERTS_START_MS ?? 60_000);
/** Wrong step-up answers sent at once, half to each instance. */
const BURST = Number(process.env.RELIABILITY_ALERTS_BURST ?? 8);
const FUND_USD = 10_000;
const PASSWORD = 'correct horse 19';
/** The step-up's wrong answers before the trader's step-up locks (LIMITS.stepUpUser). */
const STEP_UP_MAX = 5;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const STEP_UP_FAILED = "That did not confirm it's you. Check your password and try again";
const LOCKED = /Too many attempts/i;

interface Trader {
  userId: number;
  token: string;
}
/** An alert a trader set, and what the price path does to it. */
interface SetAlert {
  id: number;
  userId: number;
  label: string;
  /** The bid it must fire at (the first bid past it on the path), or null: never reached. */
  firesAt: number | null;
  /** Set while Redis was down. */
  duringOutage: boolean;
  /** During the outage: who accepted it, and the market's bid (the provider's) when sent. */
  via?: string;
  marketBid?: number;
}
type Tally = Map<string, number>;
const count = (tally: Tally, key: string) => tally.set(key, (tally.get(key) ?? 0) + 1);
const tallyText = (tally: Tally) =>
  [...tally.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, n]) => `${k}: ${n}`)
    .join(', ');

/**
 * Item 19, the notifications of issue 21 through the real entry point: two instances (both
 * may run the engine) on PostgreSQL and a private Redis behind HAProxy, prices from a
 * provider over FIX whose BTC/USD bid the scenario sets. Traders set price and % move alerts
 * through the balancer, one with a browser subscribed to a local push service; an operator
 * sends the announcement to every inbox. Redis is then stopped for tens of seconds while
 * alerts and orders keep arriving and the bid crosses levels — before and after the engine's
 * process is killed and the other instance takes over. Once Redis is back, every alert the
 * bid reached fired once (one notice, one push), none other did, every trader has one notice
 * per announcement, and the money adds up. Last, step-up before a withdrawal, answered at
 * once on both instances: one proof, one withdrawal per key, wrong answers counted together.
 */
describe('19. alerts, announcements and step-up through the balancer, and a Redis outage', () => {
  let database: TestDatabase;
  let verifier: Server;
  let redis: Awaited<ReturnType<typeof startRedis>>;
  let provider: Awaited<ReturnType<typeof startSteeredProvider>>;
  let push: Awaited<ReturnType<typeof startPushService>>;
  let balancer: Balancer;
  const instances: Record<string, ServerProcess> = {};
  const dirs: string[] = [];
  const figures: { figure: string; value: number | string; goal?: string }[] = [];
  const notes: string[] = [];
  const traders: Trader[] = [];
  const alerts: SetAlert[] = [];
  const broadcasts: number[] = [];
  const browser = new Browser();
  let pushPath = '';
  let vapidKey = '';
  /** The content operator's session (announcements are theirs). */
  let operator = '';
  /** BTC/USD bids of the path, points: the start, then each step the scenario takes. */
  const path = { start: 0, a: 0, b: 0, final: 0 };
  const at = (factor: number) => Math.round(path.start * factor);

  const env = (name: string) => ({
    ...scaledInstanceEnv({
      databaseUrl: database.url,
      redisUrl: redis.url,
      id: `alerts-${name}`,
      role: 'all',
      dirs,
    }),
    ...provider.fixEnv,
    ...push.env,
  });
  const db = () => verifier.core.db;
  const post = (port: number, url: string, body: object, o: { token?: string; bearer?: string } = {}) =>
    send(port, 'POST', url, { ...o, body, from: nextClient(), timeoutMs: 10_000 });
  const get = (port: number, url: string, o: { token?: string; bearer?: string } = {}) =>
    send(port, 'GET', url, { ...o, from: nextClient(), timeoutMs: 10_000 });
  const lease = async () =>
    (await db().selectFrom('engine_leases').selectAll().executeTakeFirst()) ?? { holder: '', epoch: 0 };
  const order = { type: 1, cont: '0.01', forex_id: BTC, status: 1, multiple: 20 };

  /** Sets an alert through `port`; the alert's id when accepted. */
  async function setAlert(
    port: number,
    trader: Trader,
    body: object,
  ): Promise<{ reply: Reply; id?: number }> {
    const reply = await post(port, '/v1/api/alerts/set', { forex_id: BTC, ...body }, trader);
    const e = envelopeOf(reply);
    return { reply, ...(e?.code === 1 ? { id: (e.data as { id: number }).id } : {}) };
  }

  /** Every notice of a kind, from the books. */
  const notices = (kind: string) =>
    db().selectFrom('notices').select(['id', 'user_id', 'data']).where('kind', '=', kind).execute();

  /** Whether every alert of `ids` is marked fired. */
  async function allFired(ids: number[]): Promise<boolean> {
    if (ids.length === 0) return true;
    const rows = await db()
      .selectFrom('price_alerts')
      .select('id')
      .where('id', 'in', ids)
      .where('fired_at', 'is not', null)
      .execute();
    return rows.length === ids.length;
  }

  /** Pushes still waiting to be sent (claimed ones too). */
  const pendingPushes = async () =>
    (await db().selectFrom('push_outbox').select('id').where('status', '=', 'pending').execute()).length;

  /** What arrived at trader 0's browser: each push decrypted, with its tag. */
  const pushesReceived = () =>
    push.service.received
      .filter((r) => r.path === pushPath)
      .map((r) => ({ r, payload: browser.read(r.body) as Record<string, string> }));

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    verifier = await createServer(
      database.handle,
      { SIM_SEED: 19, SIM_TICK_MS: 60_000 },
      { backfill: TEST_BACKFILL },
    );
    // The provider starts where the stored history ends, so no move is measured across a gap.
    path.start = verifier.market.service.liveQuote(BTC)?.bid ?? 8_750_000;
    Object.assign(path, { a: at(1.01), b: at(0.99), final: at(1.02) });
    provider = await startSteeredProvider({ bid: path.start, seed: 19, tickMs: SCALED_TICK_MS });
    push = await startPushService();
    await fundsFixture(verifier);
    redis = await startRedis();
    // One first, so the engine (and the provider's session) starts on a known instance.
    instances.one = await startServer(env('one'), undefined, START_MS);
    await until('an engine', async () => (await lease()).holder === 'alerts-one', 15_000);
    instances.two = await startServer(env('two'), undefined, START_MS);
    balancer = await balanceInstances(instances);
    for (let i = 0; i < TRADERS; i++) traders.push(await fundedUser(verifier, FUND_USD));

    const op = await createOperator(verifier, 'content');
    const login = await post(balancer.port, '/api/admin/auth/login', {
      email: op.email,
      password: OPERATOR_PASSWORD,
      totp_code: await totpCode(verifier, op.totpSecret!),
    });
    expect(envelopeOf(login)?.code, describeReply(login)).toBe(1);
    operator = (envelopeOf(login)!.data as { token: string }).token;
  }, 240_000);

  afterAll(async () => {
    await balancer?.stop();
    for (const p of Object.values(instances)) await p.kill();
    await redis?.stop();
    await provider?.lp.close();
    await push?.stop();
    record('19-alerts-balancer', {
      order: 19,
      title: 'Price alerts, announcements and step-up through the balancer, a Redis outage and a takeover',
      rows: figures,
      notes: [
        `Two instances (both may run the engine, ${SCALED_TICK_MS} ms ticks) on PostgreSQL and a private Redis behind HAProxy, prices over FIX from the LP simulator with the BTC/USD bid set by the scenario (${btcPrice(path.start)}, then ${btcPrice(path.a)}, ${btcPrice(path.b)}, ${btcPrice(path.final)}); ${TRADERS} traders with six alerts each (RELIABILITY_ALERTS_TRADERS), trader 0 with a browser subscribed to a local push service; Redis stopped for ${OUTAGE_MS / 1000} s (RELIABILITY_ALERTS_OUTAGE_MS) with an alert and an order through the balancer and one of each straight to a live instance every 0.5 s, the engine's process killed halfway; recovery allowed ${RECOVERY_MS / 1000} s.`,
        ...notes,
      ],
    });
    if (verifier) await stopServer(verifier);
    await database?.drop();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Saves a new version of the announcement and sends it to every inbox, through the balancer. */
  async function broadcast(title: string): Promise<number> {
    const saved = await post(
      balancer.port,
      adminSaveAnnouncementEndpoint.path,
      { lang: 'en', title, content: '<p>Maintenance on Sunday.</p>' },
      { bearer: operator },
    );
    expect(envelopeOf(saved)?.code, describeReply(saved)).toBe(1);
    const list = await get(balancer.port, adminAnnouncementsEndpoint.path, { bearer: operator });
    const updatedAt = Math.max(
      ...(envelopeOf(list)!.data as { updated_at: number }[]).map((a) => a.updated_at),
    );
    const sent = await post(
      balancer.port,
      adminBroadcastAnnouncementEndpoint.path,
      { updated_at: updatedAt },
      { bearer: operator },
    );
    expect(envelopeOf(sent)?.code, describeReply(sent)).toBe(1);
    const id = (envelopeOf(sent)!.data as { id: number }).id;
    broadcasts.push(id);
    return id;
  }

  it('sets price and % move alerts, a browser and the announcement through the balancer', async () => {
    const { port } = balancer;
    const [first] = traders as [Trader];
    // Trader 0's browser: the server's key, a subscription, price alerts on for push.
    const key = await get(port, '/v1/api/push/key', first);
    vapidKey = (envelopeOf(key)!.data as { public_key: string }).public_key;
    pushPath = `/sub/trader-${first.userId}`;
    const subscribed = await post(
      port,
      '/v1/api/push/subscribe',
      { endpoint: push.service.url(pushPath), p256dh: browser.p256dh, auth: browser.auth },
      first,
    );
    expect(envelopeOf(subscribed)?.data, describeReply(subscribed)).toMatchObject({ subscribed: 1 });
    const switched = await post(port, '/v1/api/push/switch', { kind: 'price_alert', enabled: 1 }, first);
    expect(envelopeOf(switched)?.data, describeReply(switched)).toMatchObject({
      subscriptions: 1,
      kinds: { price_alert: 1, announcement: 1 },
    });

    // Six alerts a trader, two at a time (both instances take some): two the path crosses
    // (A up, B down), one % move it makes (up 2.5 % within 15 minutes: from the low of B to
    // the final bid), and three it never reaches.
    const plan: { label: string; body: object; firesAt: number | null }[] = [
      { label: 'above +0.5 %', body: { direction: 'above', price: btcPrice(at(1.005)) }, firesAt: path.a },
      { label: 'below −0.5 %', body: { direction: 'below', price: btcPrice(at(0.995)) }, firesAt: path.b },
      {
        label: 'move up 2.5 % / 15m',
        body: { kind: 'move', direction: 'up', window: '15m', percent: '2.5' },
        firesAt: path.final,
      },
      { label: 'above +3 %', body: { direction: 'above', price: btcPrice(at(1.03)) }, firesAt: null },
      { label: 'below −3 %', body: { direction: 'below', price: btcPrice(at(0.97)) }, firesAt: null },
      {
        label: 'move down 5 % / 5m',
        body: { kind: 'move', direction: 'down', window: '5m', percent: '5' },
        firesAt: null,
      },
    ];
    for (const trader of traders) {
      for (let n = 0; n < plan.length; n += 2) {
        const pair = plan.slice(n, n + 2);
        const answers = await Promise.all(pair.map((p) => setAlert(port, trader, p.body)));
        for (const [i, { reply, id }] of answers.entries()) {
          expect(id, `${pair[i]!.label}: ${describeReply(reply)}`).toBeDefined();
          alerts.push({ id: id!, userId: trader.userId, duringOutage: false, ...pair[i]! });
        }
      }
    }

    // The announcement, to every trader's inbox; the fan-out runs on both instances' jobs.
    const id = await broadcast('Maintenance window');
    const doneMs = await until(
      'the announcement to reach every inbox',
      async () =>
        (
          await db()
            .selectFrom('announcement_broadcasts')
            .select('done_at')
            .where('id', '=', id)
            .executeTakeFirstOrThrow()
        ).done_at !== null,
      15_000,
    );
    // Nothing fired yet: the bid has not moved.
    const fired = await db()
      .selectFrom('price_alerts')
      .select('id')
      .where('fired_at', 'is not', null)
      .execute();
    expect(fired).toEqual([]);
    figures.push(
      {
        figure: 'traders / alerts set through the balancer before the outage',
        value: `${TRADERS} / ${alerts.length}`,
      },
      { figure: 'first announcement in every inbox after its send, ms', value: doneMs },
    );
  });

  it(`fires every alert the bid crossed once, through ${OUTAGE_MS / 1000} s without Redis and an engine takeover`, async () => {
    const bad: string[] = [];
    const byVerdict: Tally = new Map();
    const refusals: Tally = new Map();
    const slowest = { ms: 0, what: '' };
    let ordersBooked = 0;
    /** When the standby (prices not live once it noticed) booked an order. */
    const standbyOrders: string[] = [];

    // A second announcement just before Redis goes: its fan-out runs during the outage.
    await broadcast('Maintenance window, updated');
    const leader = await lease();
    const leaderName = leader.holder.replace('alerts-', '');
    const survivorName = leaderName === 'one' ? 'two' : 'one';
    const aIds = alerts.filter((a) => a.firesAt === path.a).map((a) => a.id);
    const bIds = alerts.filter((a) => a.firesAt === path.b).map((a) => a.id);

    await redis.stop();
    const stoppedAt = Date.now();
    const elapsed = () => Date.now() - stoppedAt;
    type Stage = 'steady' | 'crossed A' | 'killed' | 'taken over' | 'crossed B' | 'final';
    let stage: Stage = 'steady';
    /** The instance running the engine now (none between the kill and the takeover). */
    let engineName: string | null = leaderName;
    let killedAt = 0;
    let failoverMs = -1;
    let logonMs = -1;

    /**
     * The market and the fault, on their own clock: the bid crosses A, the engine's process
     * dies once A's alerts fired and their pushes went out (a push in flight at a kill is sent
     * again when its claim runs out, 60 s later — by design, and not what this measures), the
     * other instance takes over, the bid crosses B, then rises to the final bid.
     */
    async function market(): Promise<void> {
      const logonsBefore = provider.lp.logons.length;
      while (stage !== 'final' || elapsed() < OUTAGE_MS) {
        const t = elapsed();
        if (t > OUTAGE_MS + RECOVERY_MS) throw new Error(`the path stuck at "${stage}"`);
        if (stage === 'steady' && t >= 0.2 * OUTAGE_MS) {
          provider.feed.setBid(path.a);
          stage = 'crossed A';
        } else if (
          stage === 'crossed A' &&
          t >= 0.4 * OUTAGE_MS &&
          (((await allFired(aIds)) && (await pendingPushes()) === 0) || t >= 0.55 * OUTAGE_MS)
        ) {
          killedAt = Date.now();
          engineName = null;
          await instances[leaderName]!.kill('SIGKILL');
          stage = 'killed';
        } else if (stage === 'killed') {
          if (failoverMs < 0 && Number((await lease()).epoch) > Number(leader.epoch)) {
            failoverMs = Date.now() - killedAt;
            engineName = survivorName;
          }
          if (logonMs < 0 && provider.lp.logons.length > logonsBefore) logonMs = Date.now() - killedAt;
          if (failoverMs >= 0 && logonMs >= 0) stage = 'taken over';
        } else if (
          stage === 'taken over' &&
          t >= 0.6 * OUTAGE_MS &&
          Date.now() - killedAt >= logonMs + 1_000
        ) {
          // A second after the new engine logged on to the provider: it prices by now.
          provider.feed.setBid(path.b);
          stage = 'crossed B';
        } else if (
          stage === 'crossed B' &&
          t >= 0.8 * OUTAGE_MS &&
          ((await allFired(bIds)) || t >= 0.95 * OUTAGE_MS)
        ) {
          provider.feed.setBid(path.final);
          stage = 'final';
        }
        await sleep(50);
      }
    }

    /**
     * Traders meanwhile, every 0.5 s: an alert and an order through the balancer, and one of
     * each straight to a live instance (the engine's or the standby's: the balancer hides
     * which). An answer cut off by the kill itself is the kill's, not a finding.
     */
    let trading = true;
    async function traffic(): Promise<void> {
      for (let round = 0; trading; round++) {
        const trader = traders[round % traders.length]!;
        const alert =
          round % 2 === 0
            ? {
                label: 'above +1.5 %',
                body: { direction: 'above', price: btcPrice(at(1.015)) },
                firesAt: path.final,
              }
            : { label: 'below −4 %', body: { direction: 'below', price: btcPrice(at(0.96)) }, firesAt: null };
        const live = ['one', 'two'].filter((n) => !(killedAt && n === leaderName));
        const name = live[round % live.length]!;
        const targets = [
          ['balancer', balancer.port],
          [`direct to the ${name === engineName ? 'engine' : 'standby'}`, instances[name]!.port],
        ] as const;
        for (const [via, port] of targets) {
          const judge = (r: Reply, kind: string) => {
            const what = `${via}: ${kind}`;
            const verdict = verdictOf(r);
            if (r.ms > slowest.ms) Object.assign(slowest, { ms: r.ms, what });
            if (verdict === 'reset' && port === instances[leaderName]!.port && killedAt) {
              count(byVerdict, `${what} cut by the kill`);
              return verdict;
            }
            count(byVerdict, `${what} ${verdict}`);
            if (verdict === 'ok' && kind === 'order' && via.endsWith('standby'))
              standbyOrders.push(`${elapsed()} ms`);
            if (verdict === 'refused') count(refusals, `${kind}: ${envelopeOf(r)!.msg}`);
            else if (verdict !== 'ok' && verdict !== 'balancer-503')
              bad.push(`${what} at ${elapsed()} ms: ${verdict} ${describeReply(r)}`);
            return verdict;
          };
          const marketBid = provider.feed.bid;
          const set = await setAlert(port, trader, alert.body);
          judge(set.reply, 'alert');
          if (set.id !== undefined)
            alerts.push({ id: set.id, userId: trader.userId, duringOutage: true, via, marketBid, ...alert });
          if (judge(await post(port, '/v1/api/forex/submit', order, trader), 'order') === 'ok')
            ordersBooked += 1;
        }
        await sleep(500);
      }
    }

    const sending = traffic();
    await market().finally(() => (trading = false));
    await sending;
    const outageMs = elapsed();
    const firedDuring = (
      await db().selectFrom('price_alerts').select('id').where('fired_at', 'is not', null).execute()
    ).length;

    redis = await startRedis(redis.port);
    const backAt = Date.now();
    let tradingAgainMs = -1;
    await until(
      'an order through the balancer to be booked again',
      async () => {
        const r = await post(balancer.port, '/v1/api/forex/submit', order, traders[0]);
        const verdict = verdictOf(r);
        if (verdict !== 'ok' && verdict !== 'balancer-503' && verdict !== 'refused')
          bad.push(`after: ${verdict} ${describeReply(r)}`);
        if (verdict !== 'ok') return false;
        tradingAgainMs = Date.now() - backAt;
        return true;
      },
      RECOVERY_MS,
    );
    // Whole again: every alert the path crossed fired, every notice of trader 0 pushed, the
    // second announcement in every inbox. Then the dead instance comes back on its port.
    const firing = alerts.filter((a) => a.firesAt !== null).map((a) => a.id);
    const wholeMs = await until(
      'every crossed alert fired, every notice pushed, every announcement written',
      async () => {
        if (!(await allFired(firing)) || (await pendingPushes()) > 0) return false;
        const undone = await db()
          .selectFrom('announcement_broadcasts')
          .select('id')
          .where('done_at', 'is', null)
          .execute();
        const mine = await db()
          .selectFrom('notices')
          .select('id')
          .where('user_id', '=', traders[0]!.userId)
          .execute();
        return undone.length === 0 && pushesReceived().length >= mine.length;
      },
      RECOVERY_MS,
    ).catch((err: Error) => {
      notes.push(`Not whole again within ${RECOVERY_MS / 1000} s: ${err.message}.`);
      return -1;
    });
    const restartedAt = Date.now();
    instances[leaderName] = await startServer(env(leaderName), instances[leaderName]!.port, START_MS);
    await until(
      'both instances ready again',
      async () => (await Promise.all(Object.values(instances).map(isReady))).every(Boolean),
      RECOVERY_MS,
    );
    const bothReadyMs = Date.now() - restartedAt;

    // ── What the books and the traders see now ──
    const rows = await db()
      .selectFrom('price_alerts')
      .select(['id', 'user_id', 'fired_at', 'fired_price', 'fired_reference'])
      .where(
        'id',
        'in',
        alerts.map((a) => a.id),
      )
      .execute();
    const row = new Map(rows.map((r) => [Number(r.id), r]));
    const noticesOf = new Map<number, number[]>();
    for (const n of await notices('price_alert')) {
      const alertId = (JSON.parse(n.data) as { alert_id: number }).alert_id;
      noticesOf.set(alertId, [...(noticesOf.get(alertId) ?? []), Number(n.id)]);
    }
    const wrong: string[] = [];
    let firedBeforeKill = 0;
    let firedAfterTakeover = 0;
    for (const a of alerts) {
      const r = row.get(a.id);
      const firedAt = Number(r?.fired_at ?? 0);
      const told = noticesOf.get(a.id)?.length ?? 0;
      const what = `alert ${a.id} (${a.label}${a.duringOutage ? ', set during the outage' : ''})`;
      if (!r) wrong.push(`${what}: lost from the books`);
      else if (a.firesAt === null) {
        if (firedAt) wrong.push(`${what}: fired at ${btcPrice(Number(r.fired_price))}, never reached`);
        if (told) wrong.push(`${what}: ${told} notices, never reached`);
      } else {
        if (!firedAt) wrong.push(`${what}: not fired, the bid reached ${btcPrice(a.firesAt)}`);
        else if (Number(r.fired_price) !== a.firesAt)
          wrong.push(
            `${what}: fired at ${btcPrice(Number(r.fired_price))}, the first bid past it was ${btcPrice(a.firesAt)}`,
          );
        if (told !== 1) wrong.push(`${what}: ${told} notices`);
        if (firedAt && firedAt < killedAt) firedBeforeKill += 1;
        if (firedAt && killedAt && firedAt > killedAt) firedAfterTakeover += 1;
      }
    }
    // A % move fired from the window's low: B's bid (or lower), 2.5 % under the final bid.
    const moveReferences = alerts
      .filter((a) => a.label.startsWith('move up'))
      .map((a) => Number(row.get(a.id)?.fired_reference ?? 0));
    for (const reference of moveReferences)
      if (!(reference > 0 && reference <= path.b))
        wrong.push(`move up fired from ${btcPrice(reference)}, not from the low at ${btcPrice(path.b)}`);

    // The traders through the balancer: their alerts marked as the books say, their inbox.
    let listedWrong = 0;
    let inboxWrong = 0;
    for (const trader of traders) {
      const listed = envelopeOf(await get(balancer.port, '/v1/api/alerts/list', trader))?.data as {
        data: { id: number; fired_at: number }[];
      };
      for (const a of alerts.filter((x) => x.userId === trader.userId)) {
        const shown = listed.data.find((x) => x.id === a.id);
        if (!shown || shown.fired_at > 0 !== (a.firesAt !== null)) listedWrong += 1;
      }
      const inbox = envelopeOf(await get(balancer.port, '/v1/api/inbox/list', trader))?.data as {
        total: number;
      };
      const inBooks = await db()
        .selectFrom('notices')
        .select('id')
        .where('user_id', '=', trader.userId)
        .execute();
      if (inbox.total !== inBooks.length) inboxWrong += 1;
    }

    // Trader 0's browser: one push per notice, decrypted, signed with the server's key.
    const mine = await db()
      .selectFrom('notices')
      .select(['id', 'kind', 'data'])
      .where('user_id', '=', traders[0]!.userId)
      .execute();
    const received = pushesReceived();
    const byTag = new Map<string, number>();
    for (const { payload } of received) byTag.set(payload.tag ?? '', (byTag.get(payload.tag ?? '') ?? 0) + 1);
    const pushWrong: string[] = [];
    for (const n of mine) {
      const tag = `notice-${n.id}`;
      const got = byTag.get(tag) ?? 0;
      if (got !== 1) pushWrong.push(`${n.kind} notice ${n.id}: ${got} pushes`);
      byTag.delete(tag);
    }
    for (const [tag, n] of byTag) pushWrong.push(`${n} pushes of ${tag}, no notice of trader 0`);
    for (const { r, payload } of received) {
      const n = mine.find((x) => `notice-${x.id}` === payload.tag);
      if (!n) continue;
      try {
        vapidClaims(String(r.headers.authorization), vapidKey);
      } catch (err) {
        pushWrong.push(`${payload.tag}: ${(err as Error).message}`);
      }
      // No amount unless allowed: every figure in the sentence is one of the notice's own
      // (the level, the bid, the percentage, the window), never a balance or a profit.
      const own = new Set(n.data.match(/\d+(\.\d+)?/g) ?? []);
      const figuresShown = payload.body?.match(/\d+(\.\d+)?/g) ?? [];
      if (figuresShown.some((f) => !own.has(f))) pushWrong.push(`${payload.tag}: "${payload.body}"`);
      const url = n.kind === 'announcement' ? '/mine/announcement' : '/inbox';
      if (Object.keys(payload).sort().join() !== 'body,tag,title,url' || payload.url !== url)
        pushWrong.push(`${payload.tag}: ${JSON.stringify(payload)}`);
    }

    // Every active trader: one notice of each announcement, whichever instance wrote it.
    const active = (await db().selectFrom('users').select('id').where('status', '=', 'active').execute()).map(
      (u) => Number(u.id),
    );
    const perTrader = new Map<string, number>();
    for (const n of await notices('announcement')) {
      const k = `${Number(n.user_id)}/${(JSON.parse(n.data) as { broadcast_id: number }).broadcast_id}`;
      perTrader.set(k, (perTrader.get(k) ?? 0) + 1);
    }
    const announcementWrong = active.flatMap((u) =>
      broadcasts
        .map((b) => [`${u}/${b}`, perTrader.get(`${u}/${b}`) ?? 0] as const)
        .filter(([, n]) => n !== 1)
        .map(([k, n]) => `${k}: ${n}`),
    );
    const check = await checkAccounts(verifier);
    const mismatches = check.balanceMismatch + check.lockMismatch + check.holdMismatch;

    const setDuring = alerts.filter((a) => a.duringOutage);
    // An instance whose prices are not live (the standby cut off from the engine's ticks)
    // refuses orders; what it does with an alert's side of the bid is its last bid's.
    const byStandby = setDuring.filter((a) => a.via?.endsWith('standby'));
    const wrongSide = byStandby.filter((a) =>
      a.label === 'above +1.5 %' ? at(1.015) <= a.marketBid! : at(0.96) >= a.marketBid!,
    );
    const crossed = alerts.filter((a) => a.firesAt !== null);
    figures.push(
      { figure: 'Redis outage, s', value: (outageMs / 1000).toFixed(1) },
      { figure: 'alerts and orders during the outage, by path and verdict', value: tallyText(byVerdict) },
      { figure: 'refusals during the outage, by message', value: tallyText(refusals) || 'none' },
      { figure: 'resets, 5xx from an instance, malformed answers', value: bad.length, goal: '0' },
      { figure: 'slowest answer during the outage, ms', value: `${slowest.ms} (${slowest.what})` },
      {
        figure: 'alerts accepted during the outage (of them the path crosses)',
        value: `${setDuring.length} (${setDuring.filter((a) => a.firesAt !== null).length})`,
      },
      { figure: 'orders booked during the outage', value: ordersBooked },
      {
        figure:
          "alerts the standby accepted (its prices not live) / of them on the wrong side of the market's bid",
        value: `${byStandby.length} / ${wrongSide.length}`,
      },
      { figure: 'engine failover after kill -9 (new lease), ms', value: failoverMs, goal: '≤ 10000' },
      { figure: 'the new engine logged on to the provider after the kill, ms', value: logonMs },
      {
        figure: 'alerts the bid crossed: fired before the kill / after the takeover / in all',
        value: `${firedBeforeKill} / ${firedAfterTakeover} / ${crossed.length}`,
      },
      { figure: 'alerts fired while Redis was down', value: firedDuring },
      {
        figure: 'alerts lost, fired twice, fired unreached, at another bid, or told ≠ once',
        value: wrong.length,
        goal: '0',
      },
      { figure: 'alerts listed through the balancer not as the books say', value: listedWrong, goal: '0' },
      { figure: 'inboxes through the balancer not as the books say', value: inboxWrong, goal: '0' },
      {
        figure: "pushes to trader 0's browser (decrypted) / notices of trader 0",
        value: `${received.length} / ${mine.length}`,
      },
      {
        figure: 'pushes missing, doubled, foreign, unsigned or naming an amount',
        value: pushWrong.length,
        goal: '0',
      },
      {
        figure: 'announcements: traders × sends / notices not exactly one',
        value: `${active.length} × ${broadcasts.length} / ${announcementWrong.length}`,
        goal: '… / 0',
      },
      {
        figure: 'an order booked through the balancer after Redis returned, ms',
        value: tradingAgainMs,
        goal: `≤ ${RECOVERY_MS}`,
      },
      {
        figure: 'alerts, pushes and announcements whole after Redis returned, ms',
        value: wholeMs,
        goal: `≤ ${RECOVERY_MS}`,
      },
      { figure: 'the killed instance started again, both ready after, ms', value: bothReadyMs },
      { figure: 'accounts whose balance or holds differ from their ledger', value: mismatches, goal: '0' },
    );
    if (standbyOrders.length)
      notes.push(`Orders the standby booked during the outage, at: ${standbyOrders.join(', ')}.`);
    for (const [what, list] of [
      ['Not well-formed', bad],
      ['Alerts', wrong],
      ['Pushes', pushWrong],
      ['Announcements', announcementWrong],
    ] as const)
      if (list.length) notes.push(`${what}: ${list.slice(0, 8).join(' | ')}`);

    expect(bad, bad.join('\n')).toEqual([]);
    expect(stage).toBe('final');
    expect(failoverMs).toBeGreaterThanOrEqual(0);
    expect(failoverMs).toBeLessThanOrEqual(10_000);
    expect(wrong, wrong.join('\n')).toEqual([]);
    expect(listedWrong).toBe(0);
    expect(inboxWrong).toBe(0);
    expect(pushWrong, pushWrong.join('\n')).toEqual([]);
    expect(announcementWrong, announcementWrong.join('\n')).toEqual([]);
    expect(tradingAgainMs).toBeLessThanOrEqual(RECOVERY_MS);
    expect(wholeMs).toBeGreaterThanOrEqual(0);
    expect(mismatches).toBe(0);
  });

  /** A trader with a password, 1,000 USD, a payout address and a session signed in 6 minutes ago. */
  async function traderForStepUp(usdt: number) {
    const trader = await fundedUser(verifier, 1_000);
    await db()
      .updateTable('users')
      .set({ password_hash: await hashPassword(PASSWORD) })
      .where('id', '=', trader.userId)
      .execute();
    const method = await boundMethod(verifier, trader.userId, usdt);
    await db()
      .updateTable('sessions')
      .set({ verified_at: Date.now() - 6 * 60_000 })
      .where('user_id', '=', trader.userId)
      .execute();
    const draw = (port: number, key: string) =>
      send(port, 'POST', '/api/account/draw', {
        token: trader.token,
        from: nextClient(),
        body: { draw_currency_id: usdt, number: '20', draw_method_id: method },
        headers: { 'idempotency-key': key },
      });
    const answer = (port: number, password: string) =>
      post(port, '/v1/api/step_up/password', { password }, trader);
    return { ...trader, draw, answer };
  }

  it('step-up across the instances: one proof, one withdrawal per key, wrong answers counted together', async () => {
    const { one, two } = instances as { one: ServerProcess; two: ServerProcess };
    const usdt = Number(
      (
        await db()
          .selectFrom('withdraw_currencies')
          .select('id')
          .where('code', '=', 'USDT')
          .executeTakeFirstOrThrow()
      ).id,
    );
    const msgOf = (r: Reply) => envelopeOf(r)?.msg ?? describeReply(r);
    const held = async (userId: number) =>
      Number(
        (
          await db()
            .selectFrom('accounts')
            .select('lock_balance')
            .where('user_id', '=', userId)
            .executeTakeFirstOrThrow()
        ).lock_balance,
      );

    // A withdrawal asks for the step-up; the app sends the password, and the page was open
    // twice (or the tap went twice): the same answer reaches both instances at once.
    const s = await traderForStepUp(usdt);
    const asked = await s.draw(balancer.port, 'draw-19-1');
    expect(envelopeOf(asked)?.data, describeReply(asked)).toMatchObject({ step_up_required: true });
    expect(await held(s.userId)).toBe(0);
    const proofs = await Promise.all([s.answer(one.port, PASSWORD), s.answer(two.port, PASSWORD)]);
    const proofVerdicts = proofs.map((r) => verdictOf(r));
    // The withdrawal sent again with its key, at once to both instances.
    const draws = await Promise.all([s.draw(one.port, 'draw-19-1'), s.draw(two.port, 'draw-19-1')]);
    const drawIds = draws.map((r) => (envelopeOf(r)?.data as { id?: number } | null)?.id);
    const records = await db()
      .selectFrom('withdrawals')
      .select(['id', 'amount'])
      .where('user_id', '=', s.userId)
      .execute();
    const heldOnce = await held(s.userId);

    // Five wrong answers, alternating between the instances: the sixth — the right password —
    // is refused on either, and through the balancer.
    const w = await traderForStepUp(usdt);
    const wrongAnswers: string[] = [];
    for (let i = 0; i < STEP_UP_MAX; i++)
      wrongAnswers.push(msgOf(await w.answer(i % 2 === 0 ? one.port : two.port, `guess ${i}`)));
    const afterFive = [
      await w.answer(one.port, PASSWORD),
      await w.answer(two.port, PASSWORD),
      await w.answer(balancer.port, PASSWORD),
    ].map(msgOf);
    const stillAsked = envelopeOf(await w.draw(balancer.port, 'draw-19-w'))?.data;

    // BURST wrong answers at the same moment, half to each instance (a script holding a
    // stolen session): how many were checked before the lock held.
    const b = await traderForStepUp(usdt);
    const burst = await Promise.all(
      Array.from({ length: BURST }, (_, i) => b.answer(i % 2 === 0 ? one.port : two.port, `burst ${i}`)),
    );
    const checked = burst.filter((r) => msgOf(r) === STEP_UP_FAILED).length;
    const lockedInBurst = burst.filter((r) => LOCKED.test(msgOf(r))).length;
    const afterBurst = msgOf(await b.answer(balancer.port, PASSWORD));
    const unclean = [...proofs, ...draws, ...burst].filter((r) => {
      const v = verdictOf(r);
      return v !== 'ok' && v !== 'refused';
    });
    const check = await checkAccounts(verifier);

    figures.push(
      {
        figure: 'step-up: the right password at once to both instances (answers)',
        value: proofVerdicts.join(' / '),
      },
      {
        figure: 'step-up: the withdrawal again with its key at once to both instances: records / same answer',
        value: `${records.length} / ${drawIds[0] !== undefined && drawIds[0] === drawIds[1] ? 'yes' : 'no'}`,
        goal: '1 / yes',
      },
      { figure: 'step-up: held after it, USD', value: heldOnce / 1e6, goal: '20' },
      {
        figure: `step-up: ${STEP_UP_MAX} wrong answers alternating instances, then the right one (one, two, balancer)`,
        value: afterFive.map((m) => (LOCKED.test(m) ? 'locked' : m)).join(' / '),
        goal: 'locked / locked / locked',
      },
      {
        figure: `step-up: ${BURST} wrong answers at once on both instances: checked / locked`,
        value: `${checked} / ${lockedInBurst}`,
        goal: `≤ ${STEP_UP_MAX} / …`,
      },
      {
        figure: 'step-up: the right password after the burst',
        value: LOCKED.test(afterBurst) ? 'locked' : afterBurst,
        goal: 'locked',
      },
      { figure: 'step-up answers neither ok nor a clean refusal', value: unclean.length, goal: '0' },
      {
        figure: 'accounts whose balance or holds differ from their ledger (after the withdrawals)',
        value: check.balanceMismatch + check.lockMismatch + check.holdMismatch,
        goal: '0',
      },
    );

    expect(unclean.map(describeReply)).toEqual([]);
    // Both answers prove the one session (the proof is a time on it, not a count).
    expect(proofVerdicts).toEqual(['ok', 'ok']);
    expect(draws.map((r) => envelopeOf(r)?.code)).toEqual([1, 1]);
    expect(drawIds[0]).toBe(drawIds[1]);
    expect(records).toHaveLength(1);
    expect(heldOnce).toBe(Number(records[0]!.amount));
    expect(wrongAnswers).toEqual(Array.from({ length: STEP_UP_MAX }, () => STEP_UP_FAILED));
    for (const m of afterFive) expect(m).toMatch(LOCKED);
    expect(stillAsked).toMatchObject({ step_up_required: true });
    expect(afterBurst).toMatch(LOCKED);
    expect(check.balanceMismatch + check.lockMismatch + check.holdMismatch).toBe(0);
    // Five wrong answers lock the step-up (docs/passkeys.md): answers sent at once must not
    // buy more guesses. Each instance reads the count before it checks the password and
    // counts a wrong one after, so every answer of a burst passes the same empty count.
    expect(checked, `wrong answers checked of ${BURST} sent at once`).toBeLessThanOrEqual(STEP_UP_MAX);
  });
});
