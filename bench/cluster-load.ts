import { execFile, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { startRedis, startServer, type ServerProcess } from '../apps/server/reliability/support.js';
import { createServer, stopServer } from '../apps/server/src/app.js';
import { createTestDatabase, fundedUser, TEST_BACKFILL } from '../apps/server/test/helper.js';
import { autocannon, type LoadResult } from './trade-list.js';

/**
 * The scaled shape under load (docs/architecture.md "Scaled shape"): order submits and
 * `trade_list` with 1,000 sockets on the board, against one instance, two instances behind
 * Redis, and two instances while Redis restarts half-way. Servers are the built app
 * (apps/server/dist) in processes of their own on a fresh PostgreSQL database.
 */

const execFileAsync = promisify(execFile);
const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const SOCKETS = 1_000;
const ORDERS_PER_INSTANCE = Number(process.env.BENCH_CLUSTER_ORDERS ?? 600);

export interface ClusterRow {
  scenario: string;
  ordersPerSecond: number;
  orderErrors: number;
  tradeList: LoadResult;
  sockets: number;
  resyncs: number;
  gapsAfterResync: number;
}

interface SwarmReport {
  connected: number;
  resyncs: number;
  gapsAfterResync: number;
}

function swarm(urls: string[], seconds: number): Promise<SwarmReport[]> {
  return Promise.all(
    urls.map(
      (url) =>
        new Promise<SwarmReport>((resolve) => {
          const job = {
            url,
            clients: SOCKETS / urls.length,
            hello: [{ type: 'sub', topic: 'DAY_MARKET' }],
            seconds,
          };
          const child = spawn(
            process.execPath,
            ['--import', 'tsx', here('./socket-swarm.ts'), JSON.stringify(job)],
            {
              stdio: ['ignore', 'pipe', 'inherit'],
            },
          );
          let out = '';
          child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
          child.on('exit', () =>
            resolve(JSON.parse(out.split('\n').find((l) => l.startsWith('{')) ?? '{}') as SwarmReport),
          );
        }),
    ),
  );
}

async function orders(url: string, tokens: string[]): Promise<{ perSecond: number; errors: number }> {
  const body = JSON.stringify({ type: 1, cont: '0.01', forex_id: 26, status: 1, multiple: 20 });
  try {
    const { stdout } = await execFileAsync(process.execPath, [
      '--import',
      'tsx',
      here('./http-client.ts'),
      JSON.stringify({
        url: `${url}/v1/api/forex/submit`,
        tokens,
        orders: ORDERS_PER_INSTANCE,
        concurrency: 8,
        body,
      }),
    ]);
    const { elapsedMs } = JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as { elapsedMs: number };
    return { perSecond: ORDERS_PER_INSTANCE / (elapsedMs / 1000), errors: 0 };
  } catch {
    return { perSecond: 0, errors: 1 };
  }
}

const step = (what: string) => {
  if (process.env.BENCH_VERBOSE) console.error(`[cluster-load] ${what}`);
};

async function scenario(name: string, instances: 1 | 2, restartRedis: boolean): Promise<ClusterRow> {
  step(`${name}: start`);
  const database = await createTestDatabase('postgres');
  let redis = instances === 2 ? await startRedis() : undefined;
  const servers: ServerProcess[] = [];
  // Users and their sessions, written by a services instance of this process.
  const setup = await createServer(
    database.handle,
    { SIM_SEED: 1, SIM_TICK_MS: 60_000 },
    { backfill: TEST_BACKFILL },
  );
  try {
    for (let i = 0; i < instances; i++) {
      servers.push(
        await startServer({
          DATABASE_URL: database.url,
          SIM_TICK_MS: '100',
          ...(redis ? { REDIS_URL: redis.url, INSTANCE_ID: `bench-${i}` } : {}),
          DATA_DIR: `/tmp/pipwise-bench-${i}`,
        }),
      );
    }
    step('servers up');
    const users = await Promise.all(Array.from({ length: 50 }, () => fundedUser(setup, 1_000_000)));
    const urls = servers.map((s) => `http://127.0.0.1:${s.port}`);
    const sockets = swarm(
      servers.map((s) => `ws://127.0.0.1:${s.port}/v1/ws?lang=en`),
      SECONDS + 2,
    );
    await new Promise((r) => setTimeout(r, 2_000));
    const restart =
      restartRedis && redis
        ? (async () => {
            await new Promise((r) => setTimeout(r, (SECONDS * 1000) / 2));
            await redis.stop();
            await new Promise((r) => setTimeout(r, 1_000));
            redis = await startRedis(redis.port);
          })()
        : Promise.resolve();
    const [orderResults, lists] = await Promise.all([
      Promise.all(
        urls.map((url, i) =>
          orders(
            url,
            users.filter((_, n) => n % instances === i).map((u) => u.token),
          ),
        ),
      ),
      Promise.all(urls.map((url) => autocannon(`${url}/v1/api/forex/trade_list`, 25, SECONDS))),
      restart,
    ]);
    step('load done');
    const reports = await sockets;
    step('sockets reported');
    return {
      scenario: name,
      ordersPerSecond: orderResults.reduce((sum, r) => sum + r.perSecond, 0),
      orderErrors: orderResults.reduce((sum, r) => sum + r.errors, 0),
      tradeList: {
        requestsPerSecond: lists.reduce((sum, r) => sum + r.requestsPerSecond, 0),
        p99Ms: Math.max(...lists.map((r) => r.p99Ms)),
        errors: lists.reduce((sum, r) => sum + r.errors, 0),
        non2xx: lists.reduce((sum, r) => sum + r.non2xx, 0),
      },
      sockets: reports.reduce((sum, r) => sum + r.connected, 0),
      resyncs: reports.reduce((sum, r) => sum + r.resyncs, 0),
      gapsAfterResync: reports.reduce((sum, r) => sum + r.gapsAfterResync, 0),
    };
  } finally {
    for (const s of servers) await s.kill('SIGTERM');
    await stopServer(setup);
    await redis?.stop().catch(() => undefined);
    await database.drop();
  }
}

export async function benchClusterLoad(): Promise<ClusterRow[]> {
  return [
    await scenario('one instance', 1, false),
    await scenario('two instances + Redis', 2, false),
    await scenario('two instances + Redis restarted half-way', 2, true),
  ];
}
