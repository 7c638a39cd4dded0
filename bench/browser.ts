import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import type { PluginOption } from 'vite';
import { buildApp } from '../apps/server/src/app.js';
import { createServer, stopServer, type Server } from '../apps/server/src/app.js';
import { createTestDatabase } from '../apps/server/test/helper.js';

/**
 * What the browser benchmarks share: Debian's Chromium as the journeys launch it
 * (e2e/chromium.ts), a phone profile, and two copies of the server code path — one
 * serving the web app, one serving a baseline page — over one set of services (one
 * market, one socket hub), so both pages get the same data and the same stream.
 */

export { launchChromium } from '../e2e/chromium.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDir = path.join(root, 'apps/web');

/** The journeys' phone: 390×844 at 2×, touch. */
export function phoneContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
    // The app's CSP has no 'unsafe-eval'; the benchmarks' string probes need it.
    bypassCSP: true,
  });
}

/**
 * Lighthouse's "slow 4G" as DevTools applies it (request latency 150 ms × 3.75,
 * 1.6 Mbit/s × 0.9 down, 750 kbit/s × 0.9 up) and its mobile CPU slowdown, 4×.
 */
export const SLOW_4G = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8,
  uploadThroughput: (750 * 1024 * 0.9) / 8,
};

export async function throttle(
  context: BrowserContext,
  page: Page,
  { cpu = 1, network = false }: { cpu?: number; network?: boolean },
): Promise<CDPSession> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  if (network) await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  if (cpu !== 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
  return cdp;
}

async function webPlugin(name: string): Promise<unknown> {
  // The web app's own toolchain, from its own dependencies.
  const resolved = createRequire(path.join(webDir, 'package.json')).resolve(name);
  return import(pathToFileURL(resolved).href);
}

/**
 * Builds a page into a fresh temporary folder: the web app with its own config, or a
 * fixture of bench/fixtures/ with the same plugins (React, brotli + gzip copies).
 */
export async function buildPage(which: 'web' | 'blank-react' | 'bare-chart'): Promise<string> {
  const { build } = await import('vite');
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), `pipwise-bench-${which}-`));
  if (which === 'web') {
    await build({
      configFile: path.join(webDir, 'vite.config.ts'),
      logLevel: 'error',
      build: { outDir, emptyOutDir: true },
    });
    return outDir;
  }
  const react = (await webPlugin('@vitejs/plugin-react')) as { default: () => PluginOption };
  const { compression } = (await webPlugin('vite-plugin-compression2')) as {
    compression: (options: object) => PluginOption;
  };
  await build({
    configFile: false,
    root: path.join(root, 'bench/fixtures', which),
    logLevel: 'error',
    plugins: [react.default(), compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 512 })],
    build: { outDir, emptyOutDir: true },
  });
  return outDir;
}

export interface BenchServers {
  services: Server;
  /** The web app, as `npm start` serves it. */
  appUrl: string;
  /** The baseline page, through the same server code (same static files, same socket). */
  baselineUrl: string;
  stop(): Promise<void>;
}

export async function startServers(
  webDist: string,
  baselineDist: string,
  { tickMs = 250 }: { tickMs?: number } = {},
): Promise<BenchServers> {
  const database = await createTestDatabase('sqlite');
  const services = await createServer(database.handle, { SIM_SEED: 1, SIM_TICK_MS: tickMs });
  services.market.service.start(services.market.feed);
  const app = await buildApp(services, { webDist });
  const baseline = await buildApp(services, { webDist: baselineDist });
  const listen = async (server: typeof app) => {
    await server.listen({ port: 0, host: '127.0.0.1' });
    return `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  };
  const appUrl = await listen(app);
  const baselineUrl = await listen(baseline);
  return {
    services,
    appUrl,
    baselineUrl,
    async stop() {
      await app.close();
      await baseline.close();
      await stopServer(services);
      await database.drop();
    },
  };
}

export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
