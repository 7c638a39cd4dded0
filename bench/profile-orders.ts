import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { buildApp } from '../apps/server/src/app.js';
import type { DialectName } from '../apps/server/src/core/db/create-db.js';
import { createServer, stopServer } from '../apps/server/src/app.js';
import { createTestDatabase, fundedUser, setQuote } from '../apps/server/test/helper.js';

/**
 * A CPU profile of the market-order HTTP path, set up as bench/order-throughput.ts does
 * (BTCUSD 0.01 lot, 50 funded users, 16 requests at a time from a client in its own
 * process): the server's process is sampled while the orders go through, and the top
 * functions and packages by self time are printed (docs/benchmarks.md "Order path: CPU
 * profile"). The raw profile is saved for Chrome DevTools or speedscope.
 *
 *   NODE_OPTIONS=--conditions=source npx tsx bench/profile-orders.ts [sqlite|postgres]
 */

const execFileAsync = promisify(execFile);
const ORDERS = 3_000;
const USERS = 50;
const CONCURRENCY = 16;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Where a frame's code lives: a package, a folder of the server, or V8's own. */
function placeOf(url: string): string {
  if (!url) return '(native / V8)';
  const file = url.replace(/^file:\/\//, '');
  const nm = file.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const parts = file.slice(nm + 'node_modules/'.length).split('/');
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  if (file.startsWith('node:')) return 'node core';
  const rel = path.relative(repo, file);
  return rel.startsWith('..') ? file : rel.split('/').slice(0, 4).join('/');
}

function summarise(profile: CpuProfile, top = 25): void {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  let total = 0;
  const byFunction = new Map<string, number>();
  const byPlace = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const { callFrame: f } = byId.get(id)!;
    total += us;
    const where = f.url ? `${path.relative(repo, f.url.replace(/^file:\/\//, ''))}:${f.lineNumber + 1}` : '';
    const fn = `${f.functionName || '(anonymous)'} ${where}`.trim();
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
    const place = f.url ? placeOf(f.url) : f.functionName;
    byPlace.set(place, (byPlace.get(place) ?? 0) + us);
  }
  const pct = (us: number) => `${((us / total) * 100).toFixed(1)} %`;
  console.log(`\nSampled ${(total / 1000).toFixed(0)} ms of the server process.\n`);
  console.log('| where (self time) | share |\n|---|---:|');
  for (const [k, v] of [...byPlace].sort((a, b) => b[1] - a[1]).slice(0, 15))
    console.log(`| ${k} | ${pct(v)} |`);
  console.log('\n| function (self time) | share |\n|---|---:|');
  for (const [k, v] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`| \`${k}\` | ${pct(v)} |`);
}

async function main(): Promise<void> {
  const dialect = (process.argv[2] ?? 'sqlite') as DialectName;
  const database = await createTestDatabase(dialect);
  const services = await createServer(database.handle, { SIM_SEED: 1, SIM_TICK_MS: 500 });
  const app = await buildApp(services);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/v1/api/forex/submit`;
  const session = new Session();
  session.connect();
  try {
    setQuote(services, 'BTCUSD', 8_750_000, 8_753_000, Date.now());
    const users = await Promise.all(Array.from({ length: USERS }, () => fundedUser(services, 1_000_000)));
    const body = JSON.stringify({ type: 1, cont: '0.01', forex_id: 26, status: 1, multiple: 20 });
    const job = { url, tokens: users.map((u) => u.token), orders: ORDERS, concurrency: CONCURRENCY, body };
    const client = fileURLToPath(new URL('./http-client.ts', import.meta.url));

    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 100 });
    await session.post('Profiler.start');
    const { stdout } = await execFileAsync(process.execPath, [
      '--import',
      'tsx',
      client,
      JSON.stringify(job),
    ]);
    const { profile } = (await session.post('Profiler.stop')) as unknown as { profile: CpuProfile };

    const { elapsedMs } = JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as { elapsedMs: number };
    console.log(
      `${ORDERS} market orders on ${dialect}: ${(ORDERS / (elapsedMs / 1000)).toFixed(0)} orders/s while profiled`,
    );
    summarise(profile);
    const file = path.join(os.tmpdir(), `pipwise-orders-${dialect}-${Date.now()}.cpuprofile`);
    fs.writeFileSync(file, JSON.stringify(profile));
    console.log(`\nRaw profile: ${file}`);
  } finally {
    session.disconnect();
    await app.close();
    await stopServer(services);
    await database.drop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
