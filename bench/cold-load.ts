import fs from 'node:fs';
import type { Browser } from 'playwright-core';
import { buildPage, launchChromium, median, phoneContext, startServers, throttle } from './browser.js';

/**
 * Cold loads on a phone profile: Chromium at 390×844, 4× CPU slowdown, Lighthouse's slow
 * 4G, a new browser context (empty cache, new connections) per load. Each page's largest
 * contentful paint and cumulative layout shift, medians of RUNS, beside a blank Vite +
 * React page built with the same plugins and served by the same server code in the same
 * run (docs/benchmarks.md "First screen").
 */

const RUNS = Number(process.env.BENCH_COLD_RUNS ?? 3);

export interface ColdLoad {
  /** Largest contentful paint, ms after navigation start. */
  lcpMs: number;
  /** What the LCP was (tag and start of its text), to tell what a figure measures. */
  lcpElement: string;
  /** Largest session window of layout shifts (web-vitals' CLS). */
  cls: number;
  /** When the page's own "ready" condition held (prices shown, chart drawn), ms. */
  readyMs: number;
  /** Script bytes on the wire. */
  scriptBytes: number;
}

interface Target {
  name: string;
  url: string;
  /** Evaluated in the page: true once the screen shows what it is for. */
  ready: string;
}

/** Records LCP and CLS from the first paint on; read as window.__vitals. */
const VITALS_SCRIPT = `(() => {
  const v = { lcp: 0, lcpElement: '', cls: 0 };
  window.__vitals = v;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      v.lcp = e.renderTime || e.startTime;
      const el = e.element;
      v.lcpElement = el ? el.tagName.toLowerCase() + ' "' + (el.textContent || '').trim().slice(0, 24) + '"' : '?';
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  let windowValue = 0, windowStart = 0, previous = 0;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.hadRecentInput) continue;
      if (e.startTime - previous > 1000 || e.startTime - windowStart > 5000) {
        windowValue = 0;
        windowStart = e.startTime;
      }
      windowValue += e.value;
      previous = e.startTime;
      v.cls = Math.max(v.cls, windowValue);
    }
  }).observe({ type: 'layout-shift', buffered: true });
})();`;

async function coldLoad(browser: Browser, target: Target): Promise<ColdLoad> {
  const context = await phoneContext(browser);
  try {
    const page = await context.newPage();
    const cdp = await throttle(context, page, { cpu: 4, network: true });
    let scriptBytes = 0;
    const scripts = new Set<string>();
    cdp.on('Network.responseReceived', (e: { requestId: string; type: string }) => {
      if (e.type === 'Script') scripts.add(e.requestId);
    });
    cdp.on('Network.loadingFinished', (e: { requestId: string; encodedDataLength: number }) => {
      if (scripts.has(e.requestId)) scriptBytes += e.encodedDataLength;
    });
    await page.addInitScript(VITALS_SCRIPT);
    await page.goto(target.url, { waitUntil: 'commit', timeout: 120_000 });
    const readyMs = (await (
      await page.waitForFunction(`(${target.ready}) ? performance.now() : 0`, undefined, {
        timeout: 120_000,
        polling: 50,
      })
    ).jsonValue()) as number;
    // Late candidates and shifts (a font, a late row) still count: let the page settle.
    await page.waitForTimeout(2_000);
    const vitals = await page.evaluate<{ lcp: number; lcpElement: string; cls: number }>('window.__vitals');
    return { lcpMs: vitals.lcp, lcpElement: vitals.lcpElement, cls: vitals.cls, readyMs, scriptBytes };
  } finally {
    await context.close();
  }
}

export interface ColdLoadResult {
  name: string;
  runs: ColdLoad[];
  lcpMs: number;
  cls: number;
  readyMs: number;
  scriptBytes: number;
}

export async function benchColdLoad(): Promise<{ blank: ColdLoadResult; pages: ColdLoadResult[] }> {
  const [webDist, blankDist] = [await buildPage('web'), await buildPage('blank-react')];
  const servers = await startServers(webDist, blankDist);
  const browser = await launchChromium();
  const targets: Target[] = [
    {
      name: 'blank Vite + React page',
      url: `${servers.baselineUrl}/`,
      ready: `document.querySelector('h1')`,
    },
    {
      name: '/',
      url: `${servers.appUrl}/`,
      ready: `document.querySelectorAll('[data-testid="market-price"]').length >= 10`,
    },
    {
      name: '/trade',
      url: `${servers.appUrl}/trade`,
      ready: `document.querySelector('[data-testid="candle-chart"] canvas') && !document.querySelector('[data-testid="candle-chart"] [aria-busy="true"]') && document.querySelector('[data-testid="trade-header"]')`,
    },
  ];
  const runs = new Map<string, ColdLoad[]>(targets.map((t) => [t.name, []]));
  try {
    // Interleaved, so a busy moment of the machine falls on every page alike.
    for (let i = 0; i < RUNS; i++) {
      for (const target of targets) runs.get(target.name)!.push(await coldLoad(browser, target));
    }
  } finally {
    await browser.close();
    await servers.stop();
    fs.rmSync(webDist, { recursive: true, force: true });
    fs.rmSync(blankDist, { recursive: true, force: true });
  }
  const summary = (name: string): ColdLoadResult => {
    const list = runs.get(name)!;
    return {
      name,
      runs: list,
      lcpMs: median(list.map((r) => r.lcpMs)),
      cls: Math.max(...list.map((r) => r.cls)),
      readyMs: median(list.map((r) => r.readyMs)),
      scriptBytes: median(list.map((r) => r.scriptBytes)),
    };
  };
  return { blank: summary(targets[0]!.name), pages: targets.slice(1).map((t) => summary(t.name)) };
}
