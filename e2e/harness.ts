import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';

/**
 * Browser journeys run the built product as a user would get it: `node apps/server/dist/
 * main.js` on a free port with a fresh SQLite data folder, driven by Debian's Chromium
 * through playwright-core at a phone viewport.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SCREENSHOT_DIR = path.join(root, 'e2e', 'screenshots');

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
  /** Everything the server logged, for tests that read e-mailed codes from the log. */
  output(): string;
  /** Stops the process and keeps its data folder, to start again on it (same port, same data). */
  halt(): Promise<void>;
  stop(): Promise<void>;
}

/** Where to start: by default a free port and a fresh data folder. */
export interface ServerPlace {
  port?: number;
  dataDir?: string;
}

export async function startServer(
  env: Record<string, string> = {},
  place: ServerPlace = {},
): Promise<RunningServer> {
  const port = place.port ?? (await freePort());
  const dataDir = place.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'pipwise-e2e-'));
  let log = '';
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
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
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log}`);
    try {
      const res = await fetch(`${url}/v1/api/forex/getCategories`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const halt = async () => {
    if (child.exitCode === null) {
      child.kill('SIGINT');
      await new Promise((r) => child.once('exit', r));
    }
  };
  return {
    url,
    port,
    dataDir,
    output: () => log,
    halt,
    async stop() {
      await halt();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
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

export async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
}
