import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before } from 'node:test';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { assertAccessible } from './axe-audit.js';
import { launchChromium } from './chromium.js';

/**
 * Browser journeys run the built product as a user would get it: `node apps/server/dist/
 * main.js` on a free port with a fresh data folder — and a fresh SQLite file in it, or a
 * fresh PostgreSQL database made for the run and dropped after —, driven by Debian's
 * Chromium through playwright-core at a phone viewport. Which journeys run on which
 * database: e2e/README.md.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Screenshots of the journeys (git-ignored), for a person to look at. */
export const ARTIFACTS = path.join(root, 'e2e', 'artifacts');

export type Dialect = 'sqlite' | 'postgres';

/** The PostgreSQL server journeys use: an admin connection that may create databases. */
const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * The databases a journey runs on: `E2E_DB=sqlite|postgres|both` overrides what the
 * journey chose (e.g. `E2E_DB=postgres npm run test:e2e` runs the whole suite on PostgreSQL).
 */
export function journeyDialects(chosen: readonly Dialect[] = ['sqlite']): readonly Dialect[] {
  const forced = process.env.E2E_DB;
  if (forced === 'sqlite' || forced === 'postgres') return [forced];
  if (forced === 'both') return ['sqlite', 'postgres'];
  if (forced) throw new Error(`E2E_DB must be sqlite, postgres or both, not "${forced}"`);
  return chosen;
}

async function adminQuery(sql: string, values: unknown[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    return await client.query(sql, values);
  } finally {
    await client.end();
  }
}

/** A new, empty PostgreSQL database; its URL. */
async function createPgDatabase(): Promise<string> {
  const name = `pipwise_e2e_${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropPgDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  if (!/^pipwise_e2e_[0-9a-f]+$/.test(name)) throw new Error(`not a journey database: ${name}`);
  await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

/** How long a server may take to exit after SIGINT (it drains requests and saves quotes). */
const SHUTDOWN_GRACE_MS = 15_000;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  dialect: Dialect;
  /** The PostgreSQL database's URL; empty on SQLite. */
  databaseUrl: string;
  /** Everything the server logged, for tests that read e-mailed codes from the log. */
  output(): string;
  /** Whether a stop had to kill the process: it did not exit within SHUTDOWN_GRACE_MS of SIGINT. */
  shutdownHung(): boolean;
  /** Stops the process and keeps its data, to start again on it (same port, same data). */
  halt(): Promise<void>;
  /** Stops the process and deletes its data (the folder, and the PostgreSQL database). */
  stop(): Promise<void>;
}

/**
 * Where to start: by default a free port, a fresh data folder and, on PostgreSQL, a fresh
 * database. A halted server's `place` starts it again on the same data.
 */
export interface ServerPlace {
  port?: number;
  dataDir?: string;
  dialect?: Dialect;
  /** An existing PostgreSQL database (a halted server's `databaseUrl`). */
  databaseUrl?: string;
}

/** The place of a halted server, to start it again on the same port and data. */
export const samePlace = (server: RunningServer): ServerPlace => ({
  port: server.port,
  dataDir: server.dataDir,
  dialect: server.dialect,
  databaseUrl: server.databaseUrl,
});

export async function startServer(
  env: Record<string, string> = {},
  place: ServerPlace = {},
): Promise<RunningServer> {
  const port = place.port ?? (await freePort());
  const dataDir = place.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'pipwise-e2e-'));
  // A journey that does not choose runs on E2E_DB's database (SQLite unless it says postgres).
  const dialect = place.dialect ?? (process.env.E2E_DB === 'postgres' ? 'postgres' : 'sqlite');
  const databaseUrl = dialect === 'postgres' ? (place.databaseUrl ?? (await createPgDatabase())) : '';
  let log = '';
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      // One process does everything (a REDIS_URL of the developer's shell would make it a cluster).
      REDIS_URL: '',
      LOG_LEVEL: 'info',
      SIM_TICK_MS: '250',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) {
      if (databaseUrl && !place.databaseUrl) await dropPgDatabase(databaseUrl);
      throw new Error(`server exited early:\n${log}`);
    }
    try {
      const res = await fetch(`${url}/v1/api/forex/getCategories`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${log}`);
    await sleep(200);
  }
  let hung = false;
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  const halt = async () => {
    if (exited()) return;
    const exit = new Promise((r) => child.once('exit', r));
    child.kill('SIGINT');
    // A clean shutdown takes a second or two; one that hangs is killed, and said so.
    let timer: NodeJS.Timeout | undefined;
    const done = await Promise.race([
      exit.then(() => true),
      new Promise<boolean>((r) => (timer = setTimeout(() => r(false), SHUTDOWN_GRACE_MS))),
    ]);
    clearTimeout(timer);
    if (!done) {
      hung = true;
      child.kill('SIGKILL');
      await exit;
    }
  };
  return {
    url,
    port,
    dataDir,
    dialect,
    databaseUrl,
    output: () => log,
    shutdownHung: () => hung,
    halt,
    async stop() {
      await halt();
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (databaseUrl) await dropPgDatabase(databaseUrl);
    },
  };
}

/** The journeys' browser: chromium.ts, the Chromium and flags the benchmarks use too. */
export { launchChromium };

/** A describe block's server and browser, readable inside its tests. */
export interface ServerAndBrowser {
  readonly server: RunningServer;
  readonly browser: Browser;
}

/**
 * Starts a server (with `env`) and the browser before the block's first test, and after its
 * last closes the browser, then stops the server and deletes its data. Call it in the
 * describe's body; read `server` and `browser` inside the tests, once `before` has run.
 */
export function serverAndBrowser(env: Record<string, string> = {}): ServerAndBrowser {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  before(async () => {
    server = await startServer(env);
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });
  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`the ${what} is read before the block's before hook started it`);
    return value;
  };
  return {
    get server() {
      return started(server, 'server');
    },
    get browser() {
      return started(browser, 'browser');
    },
  };
}

/** A fresh phone-sized page (390×844) with the app language set before the app loads. */
export async function phonePage(browser: Browser, options: { lang?: string } = {}): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  if (options.lang) {
    await context.addInitScript((lang) => window.localStorage.setItem('pipwise.lang', lang), options.lang);
  }
  return context.newPage();
}

/**
 * A picture of what the page shows now, as e2e/artifacts/<name>.png, and the screen's
 * accessibility check (axe-audit.ts): the journey fails on a serious or critical violation,
 * after the picture is written.
 */
export async function screenshot(
  page: Page,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), ...options });
  await assertAccessible(page, name);
}
