import { microUsd, points } from '@pipwise/shared';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp, type AppOptions } from '../src/app.js';
import { createDatabase, type DatabaseHandle, type DialectName } from '../src/core/db/create-db.js';
import type { BackfillOptions } from '../src/modules/market/candles/backfill.js';
import { post } from '../src/core/money/ledger.js';
import { createAccount } from '../src/core/money/ledger.repository.js';
import { createServer, type ServerConfig, type ServerOptions, type Server } from '../src/app.js';

/**
 * Every database test runs on both dialects: SQLite in a temporary folder and a fresh
 * PostgreSQL database on the machine's server, created for the test and dropped after.
 */
export const DIALECTS: DialectName[] = ['sqlite', 'postgres'];

/** The PostgreSQL server tests use (an admin connection that may create databases). */
export const TEST_PG_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  handle: DatabaseHandle;
  /** The PostgreSQL URL of the test database (empty for SQLite), for a second instance. */
  url: string;
  /** Closes the connection and removes the database. */
  drop(): Promise<void>;
}

export async function createTestDatabase(dialect: DialectName): Promise<TestDatabase> {
  if (dialect === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pipwise-test-'));
    const handle = createDatabase({ url: '', dataDir: dir });
    return {
      handle,
      url: '',
      async drop() {
        await handle.db.destroy();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const name = `pipwise_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(TEST_PG_URL);
  url.pathname = `/${name}`;
  const handle = createDatabase({ url: url.toString(), dataDir: '' });
  return {
    handle,
    url: url.toString(),
    async drop() {
      await handle.db.destroy();
      const c = new pg.Client({ connectionString: TEST_PG_URL });
      await c.connect();
      // The pool's end() resolves before its sockets have closed; forcing the drop then
      // kills backends mid-goodbye, an unhandled "terminating connection" error. Wait a bit.
      for (let i = 0; i < 50; i++) {
        const active = await c.query('SELECT 1 FROM pg_stat_activity WHERE datname = $1', [name]);
        if (active.rowCount === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  services: Server;
  database: TestDatabase;
  close(): Promise<void>;
}

/**
 * A few hours of candle history instead of the production year, so apps start in
 * milliseconds; candle tests pass their own windows (candles/backfill.ts).
 */
export const TEST_BACKFILL: BackfillOptions = {
  days: {
    '1min': 0.05,
    '5min': 0.1,
    '15min': 0.25,
    '30min': 0.5,
    '60min': 1,
    '4hour': 2,
    '1day': 3,
    '1week': 3,
  },
  fineDays: 0.05,
  fineStepMs: 5_000,
  coarseStepMs: 60_000,
  dayOnlyStepMs: 300_000,
  weekOnlyStepMs: 3_600_000,
};

/**
 * The clock test apps run on unless a test brings its own: it moves as real time does but
 * reads as a Wednesday afternoon in New York (WEEKDAY), when every market is open, so the
 * ticks tests push at WEEKDAY are fresh (docs/market-data.md "Fresh prices").
 */
export const weekdayClock = (): number => WEEKDAY + Math.floor(performance.now() - CLOCK_ORIGIN);
const CLOCK_ORIGIN = performance.now();

/** The whole server on a fresh database, its feed not started (tests push ticks themselves). */
export async function createTestApp(
  dialect: DialectName,
  options: { app?: AppOptions; services?: ServerOptions; config?: Partial<ServerConfig> } = {},
): Promise<TestApp> {
  const database = await createTestDatabase(dialect);
  const services = await createServer(
    database.handle,
    { SIM_SEED: 42, SIM_TICK_MS: 500, ...options.config },
    { backfill: TEST_BACKFILL, now: weekdayClock, ...options.services },
  );
  const app = await buildApp(services, options.app);
  await app.ready();
  return {
    app,
    services,
    database,
    async close() {
      await app.close();
      services.hub.stop();
      await database.drop();
    },
  };
}

/** Inserts a user with a session and returns its token (for routes that need a login). */
export async function createUserWithSession(
  services: Server,
  overrides: { is_demo?: number; status?: string; email?: string } = {},
): Promise<{ userId: number; token: string }> {
  const suffix = randomBytes(4).toString('hex');
  const row = await services.core.db
    .insertInto('users')
    .values({
      uid: `U${suffix}`,
      email: overrides.email ?? `trader-${suffix}@example.com`,
      area_code: null,
      mobile: null,
      password_hash: 'not-a-real-hash',
      invite_code: suffix.toUpperCase(),
      referrer_id: null,
      is_demo: overrides.is_demo ?? 0,
      demo_id: null,
      status: overrides.status ?? 'active',
      created_at: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const userId = Number(row.id);
  return { userId, token: await services.auth.sessions.create(userId) };
}

/** Parses an inject() response as the envelope. */
export function envelope(res: { body: string }): { code: number; msg: string; data: any } {
  return JSON.parse(res.body) as { code: number; msg: string; data: any };
}

/** A clock tests move by hand, for expiries and rate-limit windows. */
export class TestClock {
  constructor(public value = Date.now()) {}
  readonly now = (): number => this.value;
  advance(ms: number): void {
    this.value += ms;
  }
}

/** The latest code e-mailed or texted to an address, read from the outbox. */
export async function lastCodeSentTo(services: Server, recipient: string): Promise<string> {
  const row = await services.core.db
    .selectFrom('outbox')
    .select('body')
    .where('recipient', '=', recipient)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const code = /\b(\d{6})\b/.exec(row.body)?.[1];
  if (!code) throw new Error(`no code in: ${row.body}`);
  return code;
}

/** Small request helpers over inject(): form posts and GETs with token, IP and language. */
export function client(app: FastifyInstance) {
  type Opts = { token?: string; ip?: string; lang?: string };
  const headers = (o: Opts) => ({
    lang: o.lang ?? 'en',
    ...(o.token ? { authorization: o.token } : {}),
  });
  return {
    async post(url: string, form: Record<string, string | number | undefined>, o: Opts = {}) {
      const body = new URLSearchParams();
      for (const [k, v] of Object.entries(form)) if (v !== undefined) body.set(k, String(v));
      const res = await app.inject({
        method: 'POST',
        url,
        remoteAddress: o.ip ?? '127.0.0.1',
        headers: { ...headers(o), 'content-type': 'application/x-www-form-urlencoded' },
        payload: body.toString(),
      });
      return envelope(res);
    },
    async get(url: string, o: Opts = {}) {
      return envelope(await app.inject({ url, remoteAddress: o.ip ?? '127.0.0.1', headers: headers(o) }));
    },
  };
}

/** A Wednesday afternoon in New York: every market is open. */
export const WEEKDAY = Date.parse('2026-11-25T15:00:00Z');
/** A Saturday: only crypto trades. */
export const SATURDAY = Date.parse('2026-11-28T15:00:00Z');

/** Sets an instrument's quote (in points) as a tick at `time`. */
/** A tick for one instrument, stamped with the services' clock unless a time is given. */
export function setQuote(
  services: Server,
  code: string,
  bid: number,
  ask: number,
  time = services.core.now(),
): void {
  const inst = services.market.service.instrumentByCode(code);
  if (!inst) throw new Error(`no instrument ${code}`);
  services.market.service.onTicks([{ id: inst.id, bid: points(bid), ask: points(ask) }], time);
}

/** A real user with a funded account (the deposit goes through the ledger). */
export async function fundedUser(services: Server, usd: number): Promise<{ userId: number; token: string }> {
  const user = await createUserWithSession(services);
  await services.core.db.transaction().execute(async (trx) => {
    await createAccount(trx, user.userId, Date.now(), 'real');
    await post(trx, {
      userId: user.userId,
      kind: 'deposit',
      amount: microUsd(Math.round(usd * 1_000_000)),
      now: Date.now(),
    });
  });
  return user;
}

/** Balance and the sum of the account log, in micro-USD: they must always agree. */
export async function ledgerOf(
  services: Server,
  userId: number,
): Promise<{ balance: number; logSum: number }> {
  const account = await services.core.db
    .selectFrom('accounts')
    .select('balance')
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  const sum = await services.core.db
    .selectFrom('account_logs')
    .select((eb) => eb.fn.sum<number | string | null>('amount').as('total'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return { balance: Number(account.balance), logSum: Number(sum.total ?? 0) };
}

/** The whole server on a real port with the socket hub flushing fast, for socket tests. */
export async function createSocketTestApp(
  dialect: DialectName,
  services: ServerOptions = {},
): Promise<{ t: TestApp; url: string }> {
  const t = await createTestApp(dialect, { services: { ...services, hub: { flushMs: 20 } } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  t.services.hub.start();
  const { port } = t.app.server.address() as AddressInfo;
  return { t, url: `ws://127.0.0.1:${port}/v1/ws?lang=en` };
}

/** Polls `check` every 25 ms until it holds; fails naming `what` after `timeoutMs`. */
export async function waitFor(
  what: string,
  check: () => boolean | Promise<boolean>,
  timeoutMs = 10_000,
): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
