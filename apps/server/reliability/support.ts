import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { createDatabase, type DatabaseHandle } from '../src/core/db/create-db.js';
import { sumAccountLog } from '../src/core/money/ledger.repository.js';
import { sumPendingWithdrawals } from '../src/modules/wallet/withdrawals/withdrawal.repository.js';
import { createServer, stopServer, type Server } from '../src/app.js';
import { createTestDatabase, envelope, TEST_BACKFILL, type TestDatabase } from '../test/helper.js';
import { startHaproxy, type Balancer } from '../../../scripts/haproxy.js';

/** One server instance in this process (its own pools, engine, index, locks). */
export interface Instance {
  handle: DatabaseHandle;
  services: Server;
  app: FastifyInstance;
}

/** `count` instances on one fresh PostgreSQL database: they share nothing but it. */
export async function instancesOnOneDatabase(count: number): Promise<{
  database: TestDatabase;
  instances: Instance[];
  close(): Promise<void>;
}> {
  const database = await createTestDatabase('postgres');
  const instances: Instance[] = [];
  for (let i = 0; i < count; i++) {
    const handle = i === 0 ? database.handle : createDatabase({ url: database.url, dataDir: '' });
    const services = await createServer(
      handle,
      { SIM_SEED: 42, SIM_TICK_MS: 60_000 },
      { backfill: TEST_BACKFILL },
    );
    const app = await buildApp(services);
    await app.ready();
    instances.push({ handle, services, app });
  }
  return {
    database,
    instances,
    async close() {
      for (const { app, services, handle } of [...instances].reverse()) {
        await app.close();
        await stopServer(services);
        if (handle !== database.handle) await handle.db.destroy();
      }
      await database.drop();
    },
  };
}

/** An answer's envelope; `data` is whatever the endpoint returns (the tests read it). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the suites assert the shape they read
export type Envelope = { code: number; msg: string; data: any };

/** A JSON call through an instance, answered as the envelope. */
export function call(
  instance: Instance,
  method: 'GET' | 'POST',
  url: string,
  token: string,
  payload?: object,
  headers: Record<string, string> = {},
): Promise<Envelope> {
  return instance.app
    .inject({
      method,
      url,
      headers: { lang: 'en', authorization: token, ...headers },
      ...(payload ? { payload } : {}),
    })
    .then(envelope);
}

/** Invariants of every account: balance = Σ log, lock = Σ log locks = Σ pending holds, no shortfall once flat. */
export async function checkAccounts(services: Server): Promise<{
  accounts: number;
  balanceMismatch: number;
  lockMismatch: number;
  holdMismatch: number;
  negativeFlat: number;
}> {
  const rows = await services.core.db
    .selectFrom('accounts')
    .select(['user_id', 'balance', 'lock_balance'])
    .execute();
  const open = await services.core.db
    .selectFrom('orders')
    .select('user_id')
    .where('status', '=', 1)
    .execute();
  const withOpen = new Set(open.map((r) => Number(r.user_id)));
  const result = {
    accounts: rows.length,
    balanceMismatch: 0,
    lockMismatch: 0,
    holdMismatch: 0,
    negativeFlat: 0,
  };
  for (const row of rows) {
    const userId = Number(row.user_id);
    const log = await sumAccountLog(services.core.db, userId);
    if (log.amount !== Number(row.balance)) result.balanceMismatch += 1;
    if (log.lock !== Number(row.lock_balance)) result.lockMismatch += 1;
    if ((await sumPendingWithdrawals(services.core.db, userId)) !== Number(row.lock_balance))
      result.holdMismatch += 1;
    if (!withOpen.has(userId) && Number(row.balance) < 0) result.negativeFlat += 1;
  }
  return result;
}

/** A small seeded PRNG (mulberry32), so a run's choices replay with its seed. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A server process of the built app (apps/server/dist), for tests that kill it. */
export interface ServerProcess {
  port: number;
  child: ChildProcess;
  /** Resolves when it has exited. */
  exited: Promise<void>;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

const ROOT = new URL('../../../', import.meta.url).pathname;

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  const net = await import('node:net');
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Waits until the port answers HTTP (the server is up), or throws after `ms`. */
export async function waitForHttp(port: number, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/v1/api/forex/getCategories`);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`server on ${port} did not come up`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Starts `apps/server/dist/main.js` with the environment given; resolves once it serves. */
/**
 * The built app in a process of its own; `upMs` is how long its first answer may take (a
 * busy two-core machine may need more than the default to check migrations, read the
 * instruments and candles and join the cluster).
 */
export async function startServer(
  env: Record<string, string>,
  port?: number,
  upMs?: number,
): Promise<ServerProcess> {
  const { spawn } = await import('node:child_process');
  const listenPort = port ?? (await freePort());
  const child = spawn(process.execPath, [`${ROOT}apps/server/dist/main.js`], {
    // The built app resolves the packages' built files: no `source` condition from a parent.
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(listenPort),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await Promise.race([
      waitForHttp(listenPort, upMs),
      exited.then(() => {
        throw new Error(`server exited at start: ${stderr}`);
      }),
    ]);
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
  return {
    port: listenPort,
    child,
    exited,
    async kill(signal: NodeJS.Signals = 'SIGKILL') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

/** A private Redis server for tests that restart it. */
export async function startRedis(
  port?: number,
): Promise<{ port: number; url: string; stop(): Promise<void> }> {
  const { spawn } = await import('node:child_process');
  const redisPort = port ?? (await freePort());
  const child = spawn(
    'redis-server',
    ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const net = await import('node:net');
  for (let i = 0; i < 100; i++) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = net.connect(redisPort, '127.0.0.1', () => (socket.destroy(), resolve(true)));
      socket.on('error', () => resolve(false));
    });
    if (up) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    port: redisPort,
    url: `redis://127.0.0.1:${redisPort}`,
    async stop() {
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/**
 * Waits until `check` holds, asking every 100 ms; how long that took, ms. Throws naming
 * `what` once `ms` have passed.
 */
export async function until(
  what: string,
  check: () => Promise<boolean> | boolean,
  ms: number,
): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return Date.now() - started;
}

/** Whether the instance answers /ready with 200 (what the balancer checks). */
export async function isReady(p: ServerProcess): Promise<boolean> {
  return (await fetch(`http://127.0.0.1:${p.port}/ready`).catch(() => null))?.status === 200;
}

/** The engine's step in the scaled suites (`scaledInstanceEnv`), ms. */
export const SCALED_TICK_MS = 100;

/**
 * One instance's settings in the scaled shape as these suites run it: the test's database
 * and Redis, behind a balancer on this machine, 100 ms ticks, a standby trying every 0.5 s,
 * and a data directory of its own (removed by the caller: `dirs`).
 */
export function scaledInstanceEnv(options: {
  databaseUrl: string;
  redisUrl: string;
  id: string;
  role: 'all' | 'api';
  dirs: string[];
}): Record<string, string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `pipwise-${options.id}-`));
  options.dirs.push(dir);
  return {
    DATABASE_URL: options.databaseUrl,
    REDIS_URL: options.redisUrl,
    INSTANCE_ID: options.id,
    ROLE: options.role,
    SIM_TICK_MS: String(SCALED_TICK_MS),
    ENGINE_RETRY_MS: '500',
    TRUST_PROXY: '127.0.0.1',
    DATA_DIR: dir,
  };
}

/** HAProxy in front of the instances (checking /ready every 0.5 s), once every one is ready. */
export async function balanceInstances(instances: Record<string, ServerProcess>): Promise<Balancer> {
  const balancer = await startHaproxy({
    port: await freePort(),
    host: '127.0.0.1',
    checkMs: 500,
    backends: Object.entries(instances).map(([name, p]) => ({ name, port: p.port })),
  });
  await until(
    'every instance ready',
    async () => (await Promise.all(Object.values(instances).map(isReady))).every(Boolean),
    30_000,
  );
  return balancer;
}
