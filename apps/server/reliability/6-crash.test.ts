import { randomBytes } from 'node:crypto';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, stopServer, type Server } from '../src/app.js';
import { boundMethod, fundsFixture, proofOf } from '../test/funds-fixtures.js';
import { createTestDatabase, fundedUser, TEST_BACKFILL, type TestDatabase } from '../test/helper.js';
import { record, SEED } from './figures.js';
import { checkAccounts, prng, startRedis, startServer, type ServerProcess } from './support.js';

const ITERATIONS = Number(process.env.RELIABILITY_CRASHES ?? 10);
const USERS = 8;
const WORKERS = 16;

interface Sent {
  kind: 'order' | 'deposit' | 'draw';
  userId: number;
  token: string;
  key: string;
  path: string;
  body: object;
  /** The id the server acknowledged, or undefined while the outcome is unknown. */
  id?: number;
  refused?: boolean;
}

/** One POST to a server process; null when no envelope came back (the server died). */
async function post(
  port: number,
  path: string,
  token: string,
  body: object,
  key?: string,
): Promise<{ code: number; data: any } | null> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        lang: 'en',
        authorization: token,
        ...(key ? { 'idempotency-key': key } : {}),
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(5_000),
    });
    return (await res.json()) as { code: number; data: any };
  } catch {
    return null;
  }
}

/**
 * Item 6, crashes: the server process is killed (SIGKILL) at random moments during a
 * flood of orders and money operations, restarted, and the clients retry what was not
 * acknowledged with the same idempotency keys; then the engine leader is killed in the
 * scaled shape, and Redis is restarted under live sockets.
 */
describe('6. crash, failover and Redis restart', () => {
  let database: TestDatabase;
  let verifier: Server;
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

  it(`loses, half-writes and duplicates nothing over ${ITERATIONS} kill -9 during a flood`, async () => {
    const random = prng(SEED + 6);
    const f = await fundsFixture(verifier);
    const users = await Promise.all(
      Array.from({ length: USERS }, async () => {
        const user = await fundedUser(verifier, 20_000);
        return { ...user, method: await boundMethod(verifier, user.userId, f.usdt) };
      }),
    );
    const env = {
      DATABASE_URL: database.url,
      SIM_TICK_MS: '100',
      DATA_DIR: `/tmp/pipwise-crash-${randomBytes(3).toString('hex')}`,
    };
    const sent: Sent[] = [];
    let server: ServerProcess = await startServer(env);
    let retried = 0;

    for (let iteration = 0; iteration < ITERATIONS; iteration++) {
      const port = server.port;
      let stop = false;
      const flood = Array.from({ length: WORKERS }, async () => {
        while (!stop) {
          const user = users[Math.floor(random() * users.length)]!;
          const key = `k-${randomBytes(8).toString('hex')}`;
          const roll = random();
          const request: Sent =
            roll < 0.5
              ? {
                  kind: 'order',
                  userId: user.userId,
                  token: user.token,
                  key,
                  path: '/v1/api/forex/submit',
                  body: { type: roll < 0.25 ? 1 : 2, cont: '0.01', forex_id: 26, status: 1, multiple: 20 },
                }
              : roll < 0.75
                ? {
                    kind: 'deposit',
                    userId: user.userId,
                    token: user.token,
                    key,
                    path: '/api/quickCharge/submit',
                    body: { number: '50', proofImg: await proofOf(verifier, user.userId), charge_id: f.coin },
                  }
                : {
                    kind: 'draw',
                    userId: user.userId,
                    token: user.token,
                    key,
                    path: '/api/account/draw',
                    body: { draw_currency_id: f.usdt, number: '20', draw_method_id: user.method },
                  };
          sent.push(request);
          const answer = await post(port, request.path, request.token, request.body, request.key);
          if (answer)
            Object.assign(
              request,
              answer.code === 1 ? { id: answer.data.id ?? answer.data.Id } : { refused: true },
            );
        }
      });
      // Operators review at the same time, from another process' point of view.
      const reviews = (async () => {
        while (!stop) {
          const pending = await verifier.core.db
            .selectFrom('deposits')
            .select('id')
            .where('status', '=', 0)
            .limit(5)
            .execute();
          for (const { id } of pending)
            await verifier.wallet.deposits.approve(Number(id), null).catch(() => undefined);
          const draws = await verifier.core.db
            .selectFrom('withdrawals')
            .select('id')
            .where('status', '=', 0)
            .limit(5)
            .execute();
          for (const { id } of draws)
            await verifier.wallet.withdrawals.reject(Number(id), null, 'crash test').catch(() => undefined);
          await new Promise((r) => setTimeout(r, 50));
        }
      })();
      const wait = 200 + Math.floor(random() * 1_300);
      await new Promise((r) => setTimeout(r, wait));
      await server.kill('SIGKILL');
      stop = true;
      await Promise.all([...flood, reviews]);

      server = await startServer(env);
      // Clients retry what they never heard back about, with the same key and body.
      for (const request of sent.filter((s) => s.id === undefined && !s.refused)) {
        retried += 1;
        const answer = await post(server.port, request.path, request.token, request.body, request.key);
        if (!answer) throw new Error('the restarted server did not answer');
        Object.assign(
          request,
          answer.code === 1 ? { id: answer.data.id ?? answer.data.Id } : { refused: true },
        );
      }
    }
    // A last retry of every acknowledged request: each must come back as the same record.
    let changedOnRetry = 0;
    for (const request of sent.filter((s) => s.id !== undefined)) {
      const again = await post(server.port, request.path, request.token, request.body, request.key);
      if ((again?.data?.id ?? again?.data?.Id) !== request.id) changedOnRetry += 1;
    }
    await server.kill('SIGTERM');

    const db = verifier.core.db;
    const ids = (kind: Sent['kind']) =>
      new Set(sent.filter((s) => s.kind === kind && s.id !== undefined).map((s) => s.id!));
    const stored = {
      order: new Set((await db.selectFrom('orders').select('id').execute()).map((r) => Number(r.id))),
      deposit: new Set((await db.selectFrom('deposits').select('id').execute()).map((r) => Number(r.id))),
      draw: new Set((await db.selectFrom('withdrawals').select('id').execute()).map((r) => Number(r.id))),
    };
    let lost = 0;
    let duplicates = 0;
    for (const kind of ['order', 'deposit', 'draw'] as const) {
      const acknowledged = ids(kind);
      for (const id of acknowledged) if (!stored[kind].has(id)) lost += 1;
      // Every stored record was made by one acknowledged key; any other is a duplicate.
      duplicates += [...stored[kind]].filter((id) => !acknowledged.has(id)).length;
    }
    // Half-written: an order open or closed without its fee row, a withdrawal without its hold.
    const fees = new Set(
      (await db.selectFrom('account_logs').select('ref_id').where('type', '=', 'trade_fee').execute()).map(
        (r) => Number(r.ref_id),
      ),
    );
    const holds = new Set(
      (
        await db.selectFrom('account_logs').select('ref_id').where('type', '=', 'withdraw_hold').execute()
      ).map((r) => Number(r.ref_id)),
    );
    const openedOrders = await db
      .selectFrom('orders')
      .select(['id', 'fee'])
      .where('status', 'in', [1, 3])
      .execute();
    const halfWritten =
      openedOrders.filter((o) => Number(o.fee) > 0 && !fees.has(Number(o.id))).length +
      [...stored.draw].filter((id) => !holds.has(id)).length;
    const check = await checkAccounts(verifier);
    record('6-crash', {
      order: 6,
      title: 'Crash: kill -9 during a flood of orders and money operations, restart, retries with keys',
      rows: [
        { figure: 'kill -9 of the server', value: ITERATIONS, goal: '≥ 10' },
        { figure: 'requests sent', value: sent.length },
        {
          figure: 'acknowledged (orders / deposits / withdrawals)',
          value: `${ids('order').size} / ${ids('deposit').size} / ${ids('draw').size}`,
        },
        { figure: 'unanswered at a kill, retried with their key', value: retried },
        { figure: 'acknowledged but lost', value: lost, goal: '0' },
        { figure: 'half-written', value: halfWritten, goal: '0' },
        { figure: 'duplicates', value: duplicates, goal: '0' },
        { figure: 'a retry answered with another record', value: changedOnRetry, goal: '0' },
        {
          figure: 'balance ≠ Σ log, lock ≠ holds',
          value: check.balanceMismatch + check.lockMismatch + check.holdMismatch,
          goal: '0',
        },
      ],
    });
    expect({ lost, halfWritten, duplicates, changedOnRetry }).toEqual({
      lost: 0,
      halfWritten: 0,
      duplicates: 0,
      changedOnRetry: 0,
    });
    expect(check).toMatchObject({ balanceMismatch: 0, lockMismatch: 0, holdMismatch: 0, negativeFlat: 0 });
    expect(ids('order').size).toBeGreaterThan(0);
  });

  it('fails over within 10 s when the engine leader is killed, missing no trigger; sockets resync after Redis restarts', async () => {
    const redis = await startRedis();
    const env = (name: string) => ({
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      INSTANCE_ID: `crash-${name}`,
      SIM_TICK_MS: '100',
      ENGINE_RETRY_MS: '500',
      DATA_DIR: `/tmp/pipwise-failover-${name}`,
    });
    const first = await startServer(env('a'));
    await new Promise((r) => setTimeout(r, 1_000));
    const second = await startServer(env('b'));
    try {
      // Positions with take-profits and stop-losses just around the price, so ticks cross them.
      const user = await fundedUser(verifier, 50_000);
      const board = await (await fetch(`http://127.0.0.1:${second.port}/v1/api/forex/trade_list`)).json();
      const btc = board.data.find((p: any) => p.Code === 'BTCUSD').ForexQuotations;
      let placed = 0;
      for (let n = 0; n < 20; n++) {
        const offset = 5 + n * 3;
        const r = await post(second.port, '/v1/api/forex/submit', user.token, {
          type: 1,
          cont: '0.01',
          forex_id: 26,
          status: 1,
          multiple: 20,
          target_profit_price: (btc.Ask + offset).toFixed(2),
          stop_loss_price: (btc.Bid - offset).toFixed(2),
        });
        if (r?.code === 1) placed += 1;
      }
      const lease = async () =>
        (await verifier.core.db.selectFrom('engine_leases').selectAll().executeTakeFirst()) ?? null;
      const leader = await lease();
      const victim = leader?.holder === 'crash-a' ? first : second;
      const survivor = victim === first ? second : first;
      const killedAt = Date.now();
      await victim.kill('SIGKILL');
      let takeover: Awaited<ReturnType<typeof lease>> = null;
      while (Date.now() - killedAt < 15_000) {
        takeover = await lease();
        if (takeover && Number(takeover.epoch) > Number(leader!.epoch)) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      const failoverMs = Date.now() - killedAt;
      // Let the new engine tick for a while, then: no position still open has a level the
      // price had already passed. The price is read first and the positions a moment later,
      // so a tick that crosses a level just as the test looks is given the time to be acted
      // on (read the other way round, such a close counted as missed though it was not).
      await new Promise((r) => setTimeout(r, 3_000));
      const liveBoard = await (
        await fetch(`http://127.0.0.1:${survivor.port}/v1/api/forex/trade_list`)
      ).json();
      const live = liveBoard.data.find((p: any) => p.Code === 'BTCUSD').ForexQuotations;
      const bidPoints = Math.round(live.Bid * 100);
      await new Promise((r) => setTimeout(r, 500));
      const open = await verifier.core.db
        .selectFrom('orders')
        .select(['id', 'tp', 'sl', 'side'])
        .where('user_id', '=', user.userId)
        .where('status', '=', 1)
        .execute();
      const missed = open.filter(
        (o) => (o.tp !== null && bidPoints >= Number(o.tp)) || (o.sl !== null && bidPoints <= Number(o.sl)),
      ).length;
      const closedAfter = await verifier.core.db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', user.userId)
        .where('close_note', '=', 'after_takeover')
        .executeTakeFirstOrThrow();

      // Redis restarts under a live socket on the survivor: it is told to resync, and the
      // pushes after that follow each other with no gap.
      const socket = new WebSocket(`ws://127.0.0.1:${survivor.port}/v1/ws?lang=en`);
      const messages: any[] = [];
      socket.on('message', (raw: Buffer) => messages.push(JSON.parse(raw.toString())));
      await new Promise((resolve) => socket.once('open', resolve));
      socket.send(JSON.stringify({ type: 'sub', topic: 'DAY_MARKET' }));
      await new Promise((r) => setTimeout(r, 500));
      await redis.stop();
      await new Promise((r) => setTimeout(r, 500));
      const again = await startRedis(redis.port);
      const resyncWait = Date.now();
      while (!messages.some((m) => m.type === 'resync') && Date.now() - resyncWait < 10_000)
        await new Promise((r) => setTimeout(r, 50));
      const resyncAt = messages.findIndex((m) => m.type === 'resync');
      await new Promise((r) => setTimeout(r, 1_500));
      const after = messages.slice(resyncAt + 1).filter((m) => m.topic === 'DAY_MARKET');
      let gaps = 0;
      for (let i = 1; i < after.length; i++) if (after[i].seq !== after[i - 1].seq + 1) gaps += 1;
      socket.close();
      await again.stop();

      record('6-failover', {
        order: 6.5,
        title: 'Engine leader kill -9 and Redis restart (scaled shape, two processes)',
        rows: [
          { figure: 'positions with TP and SL around the price', value: placed },
          { figure: 'failover after kill -9, ms', value: failoverMs, goal: '≤ 10000' },
          { figure: 'triggers passed but not acted on after takeover', value: missed, goal: '0' },
          { figure: 'closes noted "after_takeover"', value: Number(closedAfter.n) },
          { figure: 'sockets told to resync after Redis restarted', value: resyncAt >= 0 ? 1 : 0, goal: '1' },
          { figure: 'pushes after the resync', value: after.length },
          { figure: 'gaps after the resync', value: gaps, goal: '0' },
        ],
      });
      expect(Number(takeover?.epoch)).toBeGreaterThan(Number(leader!.epoch));
      expect(failoverMs).toBeLessThanOrEqual(10_000);
      expect(missed).toBe(0);
      expect(resyncAt).toBeGreaterThanOrEqual(0);
      expect(after.length).toBeGreaterThan(0);
      expect(gaps).toBe(0);
    } finally {
      await first.kill();
      await second.kill();
      await redis.stop().catch(() => undefined);
    }
  });
});
