import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app.js';
import { createServer, stopServer } from '../apps/server/src/app.js';
import { createTestDatabase } from '../apps/server/test/helper.js';

/**
 * `trade_list` (the whole board) against a Fastify server sending the same bytes from
 * memory, and a hello-world Fastify, all started the same way in this process and loaded
 * by autocannon in its own process with the same connections; Pipwise and the same-bytes
 * server take turns (BENCH_ROUNDS, default 3) and each keeps its best run.
 */

const execFileAsync = promisify(execFile);
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

/** The run with the most requests per second. */
const best = (runs: LoadResult[]): LoadResult =>
  runs.reduce((a, b) => (b.requestsPerSecond > a.requestsPerSecond ? b : a));

export interface LoadResult {
  requestsPerSecond: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

/** Runs autocannon against `url` in its own process. */
export async function autocannon(
  url: string,
  connections = CONNECTIONS,
  seconds = SECONDS,
): Promise<LoadResult> {
  const bin = fileURLToPath(new URL('../node_modules/.bin/autocannon', import.meta.url));
  const { stdout } = await execFileAsync(bin, ['-c', String(connections), '-d', String(seconds), '-j', url], {
    maxBuffer: 64 * 1024 * 1024,
  });
  const r = JSON.parse(stdout) as {
    requests: { average: number };
    latency: { p99: number };
    errors: number;
    non2xx: number;
  };
  return { requestsPerSecond: r.requests.average, p99Ms: r.latency.p99, errors: r.errors, non2xx: r.non2xx };
}

async function listen(app: ReturnType<typeof Fastify>): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

export async function benchTradeList(): Promise<{
  app: LoadResult;
  sameBytes: LoadResult;
  hello: LoadResult;
  bytes: number;
}> {
  const database = await createTestDatabase('sqlite');
  const services = await createServer(database.handle, { SIM_SEED: 1, SIM_TICK_MS: 500 });
  const app = await buildApp(services);
  const appUrl = await listen(app);
  // Ticks keep arriving as in production: the board is re-serialised after each one.
  services.market.service.start(services.market.feed);
  const body = await (await fetch(`${appUrl}/v1/api/forex/trade_list`)).text();

  const sameBytes = Fastify({ logger: false });
  sameBytes.get('/v1/api/forex/trade_list', (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(body),
  );
  const hello = Fastify({ logger: false });
  hello.get('/', () => ({ hello: 'world' }));
  try {
    const sameUrl = await listen(sameBytes);
    const helloUrl = await listen(hello);
    // Pipwise and its peer take turns, ROUNDS times, and each keeps its best run: other
    // work on the machine only ever slows a run down, and taking turns gives both the
    // same chances of a quiet moment.
    const appRuns: LoadResult[] = [];
    const sameRuns: LoadResult[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      appRuns.push(await autocannon(`${appUrl}/v1/api/forex/trade_list`));
      sameRuns.push(await autocannon(`${sameUrl}/v1/api/forex/trade_list`));
    }
    const helloResult = await autocannon(`${helloUrl}/`);
    return {
      app: best(appRuns),
      sameBytes: best(sameRuns),
      hello: helloResult,
      bytes: Buffer.byteLength(body),
    };
  } finally {
    await app.close();
    await sameBytes.close();
    await hello.close();
    await stopServer(services);
    await database.drop();
  }
}
