import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, stopServer, type Server } from '../src/app.js';
import { seedLpInstruments, startLpSimulator, type LpSimulator } from '../src/modules/market/index.js';
import { createTestDatabase, fundedUser, TEST_BACKFILL, type TestDatabase } from '../test/helper.js';
import { record, SEED } from './figures.js';
import { checkAccounts, prng, startServer, type ServerProcess } from './support.js';

const ITERATIONS = Number(process.env.RELIABILITY_ABOOK_CRASHES ?? 4);
const USERS = 6;
const WORKERS = 8;
/** BTC/USD: crypto trades around the clock, so the suite runs on any day. */
const BTCUSD = 26;
const MARKUP = 20;

/** One POST to the server process; null when no envelope came back (it died). */
async function post(port: number, token: string, body: object, key: string) {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/v1/api/forex/submit`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        lang: 'en',
        authorization: token,
        'idempotency-key': key,
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    return (await res.json()) as { code: number; msg: string; data: any };
  } catch {
    return null;
  }
}

/** Waits until /ready answers 200: the provider's prices are live (the trading session logs on beside them). */
async function ready(port: number): Promise<void> {
  const deadline = Date.now() + 30_000;
  while ((await fetch(`http://127.0.0.1:${port}/ready`).catch(() => null))?.status !== 200) {
    if (Date.now() > deadline) throw new Error('the server never became ready');
    await new Promise((r) => setTimeout(r, 200));
  }
  await new Promise((r) => setTimeout(r, 500));
}

interface Sent {
  token: string;
  key: string;
  body: object;
  id?: number;
  refused?: string;
}

/**
 * Item 12, A-book under crashes (docs/execution.md): the server sends every BTC/USD order
 * to the LP simulator over FIX, which fills after 150-400 ms, and is killed (SIGKILL) while
 * orders are in flight, then restarted on its stored FIX sequence numbers; clients retry
 * what was not answered with the same idempotency keys. Once every execution is resolved
 * the books must hold exactly the provider's fills: each fill booked once at its price plus
 * the markup, or recorded unbooked, and no position the provider did not fill.
 */
describe('12. A-book orders in flight at a crash', () => {
  let database: TestDatabase;
  let verifier: Server;
  let lp: LpSimulator;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    verifier = await createServer(
      database.handle,
      { SIM_SEED: 7, SIM_TICK_MS: 60_000 },
      { backfill: TEST_BACKFILL },
    );
    lp = await startLpSimulator({
      senderCompId: 'REL-LP',
      targetCompId: 'REL-PW',
      instruments: seedLpInstruments(),
      tickMs: 100,
      alwaysOpen: true,
      seed: SEED % 100_000,
      execution: { latencyMs: 250 },
    });
    await verifier.core.db
      .updateTable('instruments')
      .set({ execution_mode: 'a_book', markup_points: MARKUP, max_slippage_points: 100_000 })
      .where('id', '=', BTCUSD)
      .execute();
  });
  afterAll(async () => {
    await lp?.close();
    await stopServer(verifier);
    await database.drop();
  });

  it(`books exactly the provider's fills over ${ITERATIONS} kill -9 with orders in flight`, async () => {
    const random = prng(SEED + 12);
    const users = await Promise.all(Array.from({ length: USERS }, () => fundedUser(verifier, 50_000)));
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pipwise-a-book-crash-'));
    const env = {
      DATABASE_URL: database.url,
      SIM_TICK_MS: '100',
      DATA_DIR: dataDir,
      FEED: 'fix',
      FIX_MD_URL: `fix://127.0.0.1:${lp.port}?sender=REL-PW&target=REL-LP`,
      FIX_TRADE_URL: `fix://127.0.0.1:${lp.tradePort}?sender=REL-PW&target=REL-LP`,
    };
    const sent: Sent[] = [];
    let server: ServerProcess = await startServer(env);
    let inFlightAtKill = 0;
    let retried = 0;
    const answered = (request: Sent, answer: { code: number; msg: string; data: any }) => {
      if (answer.code === 1) request.id = answer.data.Id;
      else if (!/still confirming|not live|not connected/.test(answer.msg)) request.refused = answer.msg;
    };

    for (let iteration = 0; iteration < ITERATIONS; iteration++) {
      // The flood starts once the server is ready: prices live from the provider's session.
      await ready(server.port);
      const port = server.port;
      let stop = false;
      let waiting = 0;
      const flood = Array.from({ length: WORKERS }, async () => {
        while (!stop) {
          const user = users[Math.floor(random() * users.length)]!;
          const request: Sent = {
            token: user.token,
            key: `ab-${randomBytes(8).toString('hex')}`,
            body: { type: random() < 0.5 ? 1 : 2, cont: '0.01', forex_id: BTCUSD, status: 1, multiple: 20 },
          };
          sent.push(request);
          waiting += 1;
          const answer = await post(port, request.token, request.body, request.key);
          waiting -= 1;
          if (answer) answered(request, answer);
          else return;
          if (answer.code !== 1) await new Promise((r) => setTimeout(r, 100));
        }
      });
      await new Promise((r) => setTimeout(r, 1_500 + Math.floor(random() * 1_500)));
      inFlightAtKill += waiting;
      await server.kill('SIGKILL');
      stop = true;
      await Promise.all(flood);
      server = await startServer(env);
    }

    // Clients retry what they never heard back about, with the same key and body, until the
    // answer is final (an order still being confirmed is asked again).
    const deadline = Date.now() + 60_000;
    for (;;) {
      const open = sent.filter((s) => s.id === undefined && s.refused === undefined);
      if (open.length === 0) break;
      if (Date.now() > deadline) throw new Error(`${open.length} request(s) never got a final answer`);
      for (const request of open) {
        retried += 1;
        const answer = await post(server.port, request.token, request.body, request.key);
        if (answer) answered(request, answer);
      }
      await new Promise((r) => setTimeout(r, 500));
    }
    // Every execution resolved by the provider's word (the restarted server asks at logon).
    const db = verifier.core.db;
    const until = Date.now() + 60_000;
    while (
      (await db.selectFrom('executions').select('id').where('state', 'in', ['sent', 'timed_out']).execute())
        .length > 0
    ) {
      if (Date.now() > until) throw new Error('executions left unresolved');
      await new Promise((r) => setTimeout(r, 500));
    }
    await server.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });

    const executions = await db.selectFrom('executions').selectAll().execute();
    const byClOrdId = new Map(executions.map((e) => [e.cl_ord_id, e]));
    const positions = new Map(
      (await db.selectFrom('orders').selectAll().where('instrument_id', '=', BTCUSD).execute()).map((o) => [
        Number(o.id),
        o,
      ]),
    );
    let fillsNotBooked = 0;
    let priceMismatch = 0;
    let unbooked = 0;
    for (const fill of lp.fills) {
      const exec = byClOrdId.get(fill.clOrdId);
      if (!exec || (exec.state !== 'booked' && exec.state !== 'unbooked')) {
        fillsNotBooked += 1;
        continue;
      }
      if (exec.state === 'unbooked') {
        unbooked += 1;
        continue;
      }
      const order = positions.get(Number(exec.order_id));
      const lpPoints = Math.round(Number(fill.price) * 100);
      const expected = fill.side === 1 ? lpPoints + MARKUP / 2 : lpPoints - MARKUP / 2;
      if (!order || Number(order.open_price) !== expected || order.lots !== '0.01') priceMismatch += 1;
    }
    const filled = new Set(lp.fills.map((f) => f.clOrdId));
    const bookedWithoutFill = executions.filter(
      (e) => e.state === 'booked' && !filled.has(e.cl_ord_id),
    ).length;
    // Every position on the A-book instrument came from one booked execution.
    const bookedOrders = new Set(
      executions.filter((e) => e.state === 'booked').map((e) => Number(e.order_id)),
    );
    const positionsWithoutFill = [...positions.keys()].filter((id) => !bookedOrders.has(id)).length;
    const acknowledged = sent.filter((s) => s.id !== undefined);
    const lost = acknowledged.filter((s) => !positions.has(s.id!)).length;
    const check = await checkAccounts(verifier);
    record('12-a-book-crash', {
      order: 12,
      title: 'A-book: kill -9 with orders in flight at the provider, restart, retries with keys',
      rows: [
        { figure: 'kill -9 of the server', value: ITERATIONS, goal: '≥ 4' },
        { figure: 'orders sent (BTC/USD, A-book)', value: sent.length },
        { figure: 'in flight at a kill', value: inFlightAtKill },
        { figure: 'retries with their key', value: retried },
        { figure: 'provider fills', value: lp.fills.length },
        {
          figure: 'fills booked once / recorded unbooked',
          value: `${lp.fills.length - fillsNotBooked - unbooked} / ${unbooked}`,
        },
        { figure: 'fills neither booked nor recorded', value: fillsNotBooked, goal: '0' },
        {
          figure: 'booked without a provider fill',
          value: bookedWithoutFill + positionsWithoutFill,
          goal: '0',
        },
        { figure: 'booked at another price or size than filled', value: priceMismatch, goal: '0' },
        { figure: 'acknowledged but not on the books', value: lost, goal: '0' },
        { figure: 'balance ≠ Σ log', value: check.balanceMismatch + check.lockMismatch, goal: '0' },
      ],
    });
    expect(inFlightAtKill).toBeGreaterThan(0);
    expect(lp.fills.length).toBeGreaterThan(0);
    expect({ fillsNotBooked, bookedWithoutFill, positionsWithoutFill, priceMismatch, lost }).toEqual({
      fillsNotBooked: 0,
      bookedWithoutFill: 0,
      positionsWithoutFill: 0,
      priceMismatch: 0,
      lost: 0,
    });
    expect(check.balanceMismatch + check.lockMismatch).toBe(0);
  }, 300_000);
});
