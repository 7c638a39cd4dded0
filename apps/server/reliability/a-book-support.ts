import { randomBytes } from 'node:crypto';
import { createServer, stopServer, type Server } from '../src/app.js';
import {
  seedLpInstruments,
  startLpSimulator,
  type LpExecutionSettings,
  type LpSimulator,
} from '../src/modules/market/index.js';
import { createTestDatabase, TEST_BACKFILL, type TestDatabase } from '../test/helper.js';

/**
 * What the A-book items (12, 14, 15) share: a PostgreSQL database with BTC/USD sent to the
 * LP simulator, the simulator itself, the servers' FIX settings, one trader request, and the
 * check that the books hold exactly the provider's fills.
 */

/** BTC/USD: crypto trades around the clock, so the suite runs on any day. */
export const BTCUSD = 26;
/** The markup on BTC/USD, points ($0.01 each). */
export const MARKUP = 20;

/** The answer to an order request: `data` is the position when `code` is 1. */
export type Envelope = { code: number; msg: string; data: { Id: number; OriginPrice: number } };

export interface ABookWorld {
  database: TestDatabase;
  /** A server on the same database, never started: the tests' own view of the books. */
  verifier: Server;
  lp: LpSimulator;
  /** FEED=fix, FIX_MD_URL and FIX_TRADE_URL to the simulator, for a server process. */
  fixEnv: Record<string, string>;
  close(): Promise<void>;
}

/** A fresh database with BTC/USD on the A-book, and the LP simulator quoting and filling it. */
export async function startABookWorld(options: {
  seed: number;
  execution: Partial<LpExecutionSettings>;
}): Promise<ABookWorld> {
  const database = await createTestDatabase('postgres');
  const verifier = await createServer(
    database.handle,
    { SIM_SEED: 7, SIM_TICK_MS: 60_000 },
    { backfill: TEST_BACKFILL },
  );
  const lp = await startLpSimulator({
    senderCompId: 'REL-LP',
    targetCompId: 'REL-PW',
    instruments: seedLpInstruments(),
    tickMs: 100,
    alwaysOpen: true,
    seed: options.seed % 100_000,
    execution: options.execution,
  });
  await verifier.core.db
    .updateTable('instruments')
    .set({ execution_mode: 'a_book', markup_points: MARKUP, max_slippage_points: 100_000 })
    .where('id', '=', BTCUSD)
    .execute();
  return {
    database,
    verifier,
    lp,
    fixEnv: {
      FEED: 'fix',
      FIX_MD_URL: `fix://127.0.0.1:${lp.port}?sender=REL-PW&target=REL-LP`,
      FIX_TRADE_URL: `fix://127.0.0.1:${lp.tradePort}?sender=REL-PW&target=REL-LP`,
    },
    async close() {
      await lp.close();
      await stopServer(verifier);
      await database.drop();
    },
  };
}

/** One POST to a server process or the balancer; null when no envelope came back (it died). */
export async function postForex(
  port: number,
  route: 'submit' | 'close' | 'set_stop_price',
  token: string,
  body: object,
  key: string,
): Promise<Envelope | null> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/v1/api/forex/${route}`, {
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
    return (await res.json()) as Envelope;
  } catch {
    return null;
  }
}

/** A trader's order as sent, and what became of it. */
export interface SentOrder {
  token: string;
  key: string;
  body: object;
  /** The position, once acknowledged. */
  id?: number;
  /** A final refusal. */
  refused?: string;
}

/** Records an answer: a position, a final refusal, or nothing final yet (asked again later). */
export function noteAnswer(request: SentOrder, answer: Envelope): void {
  if (answer.code === 1) request.id = answer.data.Id;
  else if (!/still confirming|not live|not connected/.test(answer.msg)) request.refused = answer.msg;
}

/** Clients retry what they never heard a final answer about, same key and body. */
export async function retryUntilFinal(port: number, sent: SentOrder[], ms = 60_000): Promise<number> {
  let retried = 0;
  const deadline = Date.now() + ms;
  for (;;) {
    const open = sent.filter((s) => s.id === undefined && s.refused === undefined);
    if (open.length === 0) return retried;
    if (Date.now() > deadline) throw new Error(`${open.length} request(s) never got a final answer`);
    for (const request of open) {
      retried += 1;
      const answer = await postForex(port, 'submit', request.token, request.body, request.key);
      if (answer) noteAnswer(request, answer);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** Waits until the provider's word resolved every execution (the engine asks at logon and every 15 s). */
export async function allResolved(verifier: Server, ms = 60_000): Promise<void> {
  const db = verifier.core.db;
  const deadline = Date.now() + ms;
  const open = () =>
    db.selectFrom('executions').select('id').where('state', 'in', ['queued', 'sent', 'timed_out']).execute();
  while ((await open()).length > 0) {
    if (Date.now() > deadline) throw new Error('executions left unresolved');
    await new Promise((r) => setTimeout(r, 500));
  }
}

/**
 * The books against the provider's fills: each fill booked once at its price plus the
 * markup, or recorded unbooked; nothing booked that the provider did not fill; every
 * acknowledged order on the books.
 */
export async function booksAgainstFills(world: ABookWorld, sent: SentOrder[]) {
  const db = world.verifier.core.db;
  const { lp } = world;
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
  const bookedWithoutFill = executions.filter((e) => e.state === 'booked' && !filled.has(e.cl_ord_id)).length;
  // Every position on the A-book instrument came from one booked execution.
  const bookedOrders = new Set(executions.filter((e) => e.state === 'booked').map((e) => Number(e.order_id)));
  const positionsWithoutFill = [...positions.keys()].filter((id) => !bookedOrders.has(id)).length;
  const lost = sent.filter((s) => s.id !== undefined && !positions.has(s.id)).length;
  // A ClOrdID the provider filled twice would be two trades for one request.
  const filledTwice = lp.fills.length - filled.size;
  return {
    fillsNotBooked,
    unbooked,
    priceMismatch,
    bookedWithoutFill,
    positionsWithoutFill,
    lost,
    filledTwice,
  };
}

/** Traders sending BTC/USD market orders of 0.01 lots, each with a fresh idempotency key. */
export interface OrderFlood {
  /** Requests sent and not answered yet: in flight. */
  waiting(): number;
  /** Answers that were not a position (refused, or no answer at all). */
  refused(): number;
  /** Stops sending and waits for the requests in flight. */
  stop(): Promise<void>;
}

/**
 * `workers` clients sending orders to `port` as fast as they are answered (a refusal waits
 * 100 ms), each recorded in `sent`. `endOnSilence`: a client stops at the first request
 * nobody answered (the server it talks to died), as a client of one process would.
 */
export function floodOrders(options: {
  port: number;
  users: readonly { token: string }[];
  random: () => number;
  workers: number;
  keyPrefix: string;
  sent: SentOrder[];
  endOnSilence: boolean;
}): OrderFlood {
  let stopped = false;
  let waiting = 0;
  let refused = 0;
  const clients = Array.from({ length: options.workers }, async () => {
    while (!stopped) {
      const user = options.users[Math.floor(options.random() * options.users.length)]!;
      const request: SentOrder = {
        token: user.token,
        key: `${options.keyPrefix}-${randomBytes(8).toString('hex')}`,
        body: {
          type: options.random() < 0.5 ? 1 : 2,
          cont: '0.01',
          forex_id: BTCUSD,
          status: 1,
          multiple: 20,
        },
      };
      options.sent.push(request);
      waiting += 1;
      const answer = await postForex(options.port, 'submit', request.token, request.body, request.key);
      waiting -= 1;
      if (answer) noteAnswer(request, answer);
      else if (options.endOnSilence) return;
      if (answer?.code !== 1) {
        refused += 1;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  });
  return {
    waiting: () => waiting,
    refused: () => refused,
    async stop() {
      stopped = true;
      await Promise.all(clients);
    },
  };
}
