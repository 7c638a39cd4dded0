import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createServer, stopServer, type Server } from '../src/app.js';
import { createDatabase, type DialectName } from '../src/core/db/create-db.js';
import { boundMethod, fundsFixture } from '../test/funds-fixtures.js';
import { createTestDatabase, fundedUser, TEST_BACKFILL, type TestDatabase } from '../test/helper.js';
import { record, SEED } from './figures.js';
import { checkAccounts, prng, startServer, type ServerProcess } from './support.js';

/** Order requests (opens and closes) acknowledged in the flood, at least; half of them before the backup. */
const ORDERS = Number(process.env.RELIABILITY_BACKUP_ORDERS ?? 200);
const USERS = 6;
const WORKERS = 6;
const BTCUSD = 26;
const ROOT = new URL('../../../', import.meta.url).pathname;

interface Sent {
  kind: 'open' | 'close' | 'draw';
  token: string;
  /** Set once acknowledged: whether that was before `npm run backup` started, and the answer. */
  beforeBackup?: boolean;
  data?: any;
}

/** One API call to a server process; null when no envelope came back. */
async function api(
  port: number,
  method: 'GET' | 'POST',
  url: string,
  token: string,
  body?: object,
): Promise<{ code: number; msg: string; data: any } | null> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}${url}`, {
      method,
      headers: {
        lang: 'en',
        authorization: token,
        ...(body
          ? { 'content-type': 'application/json', 'idempotency-key': `bk-${randomBytes(8).toString('hex')}` }
          : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(10_000),
    });
    return (await res.json()) as { code: number; msg: string; data: any };
  } catch {
    return null;
  }
}

/** An npm script run as an operator runs it, with the server's configuration in its environment. */
function npmRun(
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ status: number | null; out: string; ms: number }> {
  const started = Date.now();
  const child = spawn('npm', ['run', '-s', script, '--', ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((resolve) =>
    child.once('close', (status) => resolve({ status, out: out.trim(), ms: Date.now() - started })),
  );
}

/** Every order of a user as the restored server lists them (holding and closed), by id. */
async function ordersOf(port: number, token: string): Promise<Map<number, any>> {
  const orders = new Map<number, any>();
  for (const status of [1, 3]) {
    let listed = 0;
    for (let page = 1; ; page++) {
      const answer = await api(port, 'GET', `/v1/api/forex/my_deal?status=${status}&page=${page}`, token);
      if (answer?.code !== 1) throw new Error(`my_deal answered ${answer?.code} ${answer?.msg}`);
      for (const order of answer.data.data) orders.set(order.Id, order);
      listed += answer.data.data.length;
      if (answer.data.data.length === 0 || listed >= answer.data.total) break;
    }
  }
  return orders;
}

/** The figures an answer fixed: an opening's, and a close's on top. */
const OPEN_FIGURES = [
  'ForexId',
  'OrderType',
  'Quantity',
  'Leverage',
  'OriginPrice',
  'CautionMoney',
  'TradeFee',
  'SpreadOpen',
  'CreatedAt',
];
const CLOSE_FIGURES = [
  'Status',
  'UpdatePrice',
  'FactProfits',
  'NetProfits',
  'SpreadClose',
  'CloseReason',
  'CompletedAt',
];

/**
 * Item 13, backup and restore (docs/backup.md): the real `npm run backup` runs while a
 * server process takes a flood of opens, closes and withdrawal requests; the backup is
 * restored with the real `npm run restore` into a fresh database, a server started on it.
 * Everything acknowledged before the backup command started must be there with the figures
 * it was acknowledged with, and every account must add up.
 */
describe.each<DialectName>(['sqlite', 'postgres'])('13. backup during a flood, restore (%s)', (dialect) => {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), `pipwise-backup-drill-${dialect}-`));
  const databases: TestDatabase[] = [];
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    for (const server of servers) await server.kill();
    for (const database of databases) await database.drop();
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it(`keeps every order acknowledged before the backup, books balanced (${ORDERS} order requests)`, async () => {
    const random = prng(SEED + 13 + (dialect === 'sqlite' ? 0 : 1));
    const t0 = Date.now();
    const phases: string[] = [];
    const phase = (name: string) => phases.push(`${name} ${((Date.now() - t0) / 1_000).toFixed(1)}`);
    // The source: prepared and funded in this process (a short candle history), then served
    // by a server process of the build.
    const source = await createTestDatabase(dialect);
    databases.push(source);
    const sourceDir =
      dialect === 'sqlite'
        ? path.dirname(source.handle.describe.replace(/^sqlite /, ''))
        : path.join(scratch, 'source');
    const setup = await createServer(
      source.handle,
      { SIM_SEED: 13, SIM_TICK_MS: 60_000 },
      { backfill: TEST_BACKFILL },
    );
    const f = await fundsFixture(setup);
    const users = await Promise.all(
      Array.from({ length: USERS }, async () => {
        const user = await fundedUser(setup, 20_000);
        return { ...user, method: await boundMethod(setup, user.userId, f.usdt), open: [] as number[] };
      }),
    );
    await stopServer(setup);
    const sourceEnv = { DATABASE_URL: source.url, DATA_DIR: sourceDir, SIM_TICK_MS: '100' };
    phase('setup');
    const server = await startServer(sourceEnv);
    servers.push(server);
    phase('started');

    const sent: Sent[] = [];
    let ackedOrders = 0;
    let backupStarted = false;
    let backupDone = false;
    const backupFile = path.join(scratch, 'pipwise-drill.backup');
    const deadline = Date.now() + 45_000;
    const flood = Array.from({ length: WORKERS }, async () => {
      while ((ackedOrders < ORDERS || !backupDone) && Date.now() < deadline) {
        const user = users[Math.floor(random() * users.length)]!;
        const roll = random();
        const request: Sent =
          roll < 0.1
            ? { kind: 'draw', token: user.token }
            : roll < 0.45 && user.open.length > 0
              ? { kind: 'close', token: user.token }
              : { kind: 'open', token: user.token };
        sent.push(request);
        let answer;
        if (request.kind === 'draw')
          answer = await api(server.port, 'POST', '/api/account/draw', user.token, {
            draw_currency_id: f.usdt,
            number: '20',
            draw_method_id: user.method,
          });
        else if (request.kind === 'close')
          answer = await api(server.port, 'POST', '/v1/api/forex/close', user.token, {
            id: user.open.splice(Math.floor(random() * user.open.length), 1)[0],
          });
        else
          answer = await api(server.port, 'POST', '/v1/api/forex/submit', user.token, {
            type: random() < 0.5 ? 1 : 2,
            cont: '0.01',
            forex_id: BTCUSD,
            status: 1,
            multiple: 20,
          });
        // Once the backup runs, a steadier flood: writes go on throughout, and the command
        // an operator runs is not starved of the machine's two cores.
        if (backupStarted) await new Promise((r) => setTimeout(r, 100));
        if (answer?.code !== 1) continue;
        Object.assign(request, { beforeBackup: !backupStarted, data: answer.data });
        if (request.kind === 'open') user.open.push(answer.data.Id);
        if (request.kind !== 'draw') ackedOrders += 1;
      }
    });
    // The operator's backup, once half the orders are in, while the flood goes on.
    const backup = (async () => {
      while (ackedOrders < ORDERS / 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      backupStarted = true;
      phase('backup starts');
      const run = await npmRun('backup', ['--out', backupFile], sourceEnv);
      backupDone = true;
      return run;
    })();
    const [backupRun] = await Promise.all([backup, ...flood]);
    await server.kill('SIGTERM');
    phase('flood ended');
    expect(backupRun.out).toMatch(/^backup written: .*pipwise-drill\.backup \(/);
    expect(backupRun.status).toBe(0);

    // A fresh database: a new PostgreSQL database (its pool connects on first use, after the
    // restore) or a new DATA_DIR.
    const target = dialect === 'postgres' ? await createTestDatabase(dialect) : undefined;
    if (target) databases.push(target);
    const targetDir = path.join(scratch, 'restored');
    const targetEnv = { DATABASE_URL: target?.url ?? '', DATA_DIR: targetDir, SIM_TICK_MS: '100' };
    const restoreRun = await npmRun('restore', [backupFile], targetEnv);
    phase('restored');
    expect(restoreRun.out).toMatch(/^restored .* in \d+\.\d s\nschema current/);
    expect(restoreRun.status).toBe(0);
    const startedAt = Date.now();
    const restored = await startServer(targetEnv);
    servers.push(restored);
    const startMs = Date.now() - startedAt;
    phase('restarted');
    // Meanwhile: restoring over a database a server is running on is refused, --yes or not.
    const [busyRun, stored] = await Promise.all([
      npmRun('restore', [backupFile, '--yes'], targetEnv),
      (async () => {
        const orders = new Map<number, any>();
        for (const user of users)
          for (const [id, order] of await ordersOf(restored.port, user.token)) orders.set(id, order);
        return orders;
      })(),
    ]);
    const before = sent.filter((s) => s.beforeBackup === true);
    let missing = 0;
    let changed = 0;
    for (const request of before.filter((s) => s.kind !== 'draw')) {
      const order = stored.get(request.data.Id);
      if (!order) {
        missing += 1;
        continue;
      }
      const figures = request.kind === 'open' ? OPEN_FIGURES : [...OPEN_FIGURES, ...CLOSE_FIGURES];
      if (figures.some((key) => order[key] !== request.data[key])) changed += 1;
    }
    // The restored server takes new orders, its ids after the restored ones.
    const fresh = await api(restored.port, 'POST', '/v1/api/forex/submit', users[0]!.token, {
      type: 1,
      cont: '0.01',
      forex_id: BTCUSD,
      status: 1,
      multiple: 20,
    });
    await restored.kill('SIGTERM');
    phase('checked');

    const handle = target?.handle ?? createDatabase({ url: '', dataDir: targetDir });
    const verifier: Server = await createServer(
      handle,
      { SIM_SEED: 13, SIM_TICK_MS: 60_000 },
      { backfill: TEST_BACKFILL },
    );
    const draws = new Set(
      (await verifier.core.db.selectFrom('withdrawals').select('id').execute()).map((r) => Number(r.id)),
    );
    missing += before.filter((s) => s.kind === 'draw' && !draws.has(s.data.id)).length;
    const check = await checkAccounts(verifier);
    await stopServer(verifier);
    if (!target) await handle.db.destroy();
    phase('verified');

    const count = (requests: Sent[], kind: 'orders' | 'draws') =>
      requests.filter((r) => (kind === 'draws') === (r.kind === 'draw')).length;
    const acknowledged = sent.filter((s) => s.beforeBackup !== undefined);
    const during = sent.filter((s) => s.beforeBackup === false);
    const duringInBackup = during.filter((s) => s.kind === 'open' && stored.has(s.data.Id)).length;
    record(`13-backup-restore-${dialect}`, {
      order: dialect === 'sqlite' ? 13 : 13.5,
      title: `Backup during an order flood, restore into a fresh database (${dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'})`,
      rows: [
        {
          figure: 'acknowledged: order requests (opens, closes) / withdrawals',
          value: `${count(acknowledged, 'orders')} / ${count(acknowledged, 'draws')}`,
        },
        {
          figure: 'of those, before `npm run backup` started',
          value: `${count(before, 'orders')} / ${count(before, 'draws')}`,
        },
        { figure: 'opened after it started and found in the backup', value: duringInBackup },
        { figure: '`npm run backup`, s (the flood went on)', value: (backupRun.ms / 1_000).toFixed(1) },
        { figure: '`npm run restore` into a fresh database, s', value: (restoreRun.ms / 1_000).toFixed(1) },
        { figure: 'restored server up, s', value: (startMs / 1_000).toFixed(1) },
        { figure: 'acknowledged before the backup but missing', value: missing, goal: '0' },
        { figure: 'restored with other figures than acknowledged', value: changed, goal: '0' },
        {
          figure: 'balance ≠ Σ log, lock ≠ pending holds',
          value: check.balanceMismatch + check.lockMismatch + check.holdMismatch,
          goal: '0',
        },
        {
          figure: 'restore while the server runs on it: refused',
          value: busyRun.status === 1 ? 'yes' : 'no',
          goal: 'yes',
        },
      ],
      notes: [`Seconds from the start of the scenario: ${phases.join(', ')}.`],
    });
    expect(count(acknowledged, 'orders')).toBeGreaterThanOrEqual(ORDERS);
    expect(count(before, 'orders')).toBeGreaterThanOrEqual(ORDERS / 2);
    expect(during.length).toBeGreaterThan(0);
    expect({ missing, changed }).toEqual({ missing: 0, changed: 0 });
    expect(check).toMatchObject({ balanceMismatch: 0, lockMismatch: 0, holdMismatch: 0, negativeFlat: 0 });
    expect(fresh?.code).toBe(1);
    expect(fresh?.data.Id).toBeGreaterThan(Math.max(...stored.keys()));
    expect(busyRun.status).toBe(1);
    expect(busyRun.out).toMatch(dialect === 'sqlite' ? /is in use/ : /other connection/);
  });
});
