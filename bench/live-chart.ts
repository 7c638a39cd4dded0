import fs from 'node:fs';
import type { Browser } from 'playwright-core';
import { buildPage, launchChromium, median, phoneContext, startServers, throttle } from './browser.js';

/**
 * Live rendering (docs/benchmarks.md "Live rendering"): the server's simulator steps every
 * 20 ms (50 ticks/s; BTC/USD moves on most of them), /trade draws its chart from the
 * KLINE pushes, and Chromium reports the renderer's main-thread busy time
 * (Performance.getMetrics TaskDuration) over SECONDS. The peer is a page with
 * lightweight-charts alone, fed the same history and the same pushes by the same server.
 * With indicators, the peer is the same page with the same indicator series
 * (bench/fixtures/bare-chart `?indicators=1`). Then: how fast tapping Buy responds, on a
 * logged-in demo account.
 */

const SECONDS = Number(process.env.BENCH_LIVE_SECONDS ?? 10);
const RUNS = Number(process.env.BENCH_LIVE_RUNS ?? 3);
/** The phone's CPU: both pages run under the same slowdown. */
const CPU = Number(process.env.BENCH_LIVE_CPU ?? 4);
const TAPS = 5;

/**
 * The chart with indicators on (docs/chart.md): RSI, MACD and Bollinger Bands, as a guest's
 * stored choices (features/trade/chart/chart-prefs.ts) — two panes under the prices and the
 * bands over them, each updated on every KLINE push.
 */
const WITH_INDICATORS = JSON.stringify({
  type: 'candles',
  indicators: [
    { id: 1, kind: 'rsi', params: { period: 14 } },
    { id: 2, kind: 'macd', params: { fast: 12, slow: 26, signal: 9 } },
    { id: 3, kind: 'bb', params: { period: 20, deviation: 2 } },
  ],
});
const INDICATORS_SCRIPT = `localStorage.setItem('pipwise.chart.guest', ${JSON.stringify(WITH_INDICATORS)});`;
/** BENCH_LIVE_INDICATORS=0 leaves that page out (a build from before the chart had indicators). */
const MEASURE_INDICATORS = process.env.BENCH_LIVE_INDICATORS !== '0';

export interface MainThread {
  busyMsPerSecond: number;
  scriptMsPerSecond: number;
  layoutMsPerSecond: number;
  klinePushesPerSecond: number;
}

type Metrics = Record<string, number>;

async function mainThread(browser: Browser, url: string, ready: string, init?: string): Promise<MainThread> {
  const context = await phoneContext(browser);
  try {
    if (init) await context.addInitScript(init);
    const page = await context.newPage();
    const cdp = await throttle(context, page, { cpu: CPU });
    let klinePushes = 0;
    cdp.on('Network.webSocketFrameReceived', (e: { response: { payloadData: string } }) => {
      if (e.response.payloadData.includes('"topic":"KLINE.')) klinePushes++;
    });
    await page.goto(url);
    await page.waitForFunction(ready, undefined, { timeout: 60_000 });
    await page.waitForTimeout(3_000); // first paints and the socket's start behind us
    await cdp.send('Performance.enable');
    const read = async (): Promise<Metrics> => {
      const { metrics } = await cdp.send('Performance.getMetrics');
      return Object.fromEntries(metrics.map((m) => [m.name, m.value]));
    };
    const before = await read();
    const pushesBefore = klinePushes;
    await page.waitForTimeout(SECONDS * 1000);
    const after = await read();
    const seconds = after.Timestamp! - before.Timestamp!;
    const perSecond = (name: string) => ((after[name]! - before[name]!) * 1000) / seconds;
    return {
      busyMsPerSecond: perSecond('TaskDuration'),
      scriptMsPerSecond: perSecond('ScriptDuration'),
      layoutMsPerSecond: perSecond('LayoutDuration') + perSecond('RecalcStyleDuration'),
      klinePushesPerSecond: (klinePushes - pushesBefore) / seconds,
    };
  } finally {
    await context.close();
  }
}

/** In the page: the tap on the submit button, the order request leaving, the success popup. */
const TAP_SCRIPT = `(() => {
  const tap = { down: 0, sent: 0, shown: 0 };
  window.__tap = tap;
  document.addEventListener('pointerdown', (e) => {
    if (e.target instanceof Element && e.target.closest('[data-testid="order-submit"]')) {
      tap.down = e.timeStamp; tap.sent = 0; tap.shown = 0;
    }
  }, true);
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name.includes('/v1/api/forex/submit') && !tap.sent) tap.sent = e.startTime;
  }).observe({ type: 'resource' });
  new MutationObserver(() => {
    if (tap.down && !tap.shown && document.querySelector('[data-testid="order-success"]')) tap.shown = performance.now();
  }).observe(document, { childList: true, subtree: true });
})();`;

export interface Tap {
  requestMs: number;
  popupMs: number;
}

async function tapBuy(browser: Browser, appUrl: string, forexId: number): Promise<Tap[]> {
  const demo = (await (await fetch(`${appUrl}/api/user/createAccountDemoForU`)).json()) as {
    code: number;
    msg: string;
    data: { token: string; user: object };
  };
  if (demo.code !== 1) throw new Error(`demo login refused: ${demo.msg}`);
  const context = await phoneContext(browser);
  try {
    // A benchmark, not a journey: the session goes straight into storage.
    await context.addInitScript(
      `localStorage.setItem('pipwise.token', ${JSON.stringify(demo.data.token)});` +
        `localStorage.setItem('pipwise.user', ${JSON.stringify(JSON.stringify(demo.data.user))});`,
    );
    await context.addInitScript(TAP_SCRIPT);
    const page = await context.newPage();
    await throttle(context, page, { cpu: CPU });
    const taps: Tap[] = [];
    for (let i = 0; i < TAPS; i++) {
      await page.goto(`${appUrl}/trade?forex_id=${forexId}`);
      const submit = page.getByTestId('order-submit');
      await page.getByTestId('side-buy').click();
      await page.waitForFunction(
        `(() => {
          const button = document.querySelector('[data-testid="order-submit"]');
          return button !== null && !button.disabled && !document.querySelector('[aria-busy="true"]');
        })()`,
        undefined,
        { timeout: 60_000 },
      );
      await page.waitForTimeout(1_000);
      await submit.click();
      const tap = (await (
        await page.waitForFunction(
          'window.__tap.sent && window.__tap.shown ? window.__tap : null',
          undefined,
          {
            timeout: 30_000,
          },
        )
      ).jsonValue()) as { down: number; sent: number; shown: number };
      taps.push({ requestMs: tap.sent - tap.down, popupMs: tap.shown - tap.down });
    }
    return taps;
  } finally {
    await context.close();
  }
}

export async function benchLiveChart(): Promise<{
  app: MainThread;
  /** /trade with RSI, MACD and Bollinger Bands on (null when left out). */
  appIndicators: MainThread | null;
  bare: MainThread;
  /** The bare page with the same indicator series, fed the same pushes (null when left out). */
  bareIndicators: MainThread | null;
  ticksPerSecond: number;
  seconds: number;
  runs: number;
  taps: Tap[];
  tapToRequestMs: number;
  tapToPopupMs: number;
}> {
  // BENCH_WEB_DIST: a web app built beforehand (another build of the code, to compare two).
  const prebuilt = process.env.BENCH_WEB_DIST;
  const [webDist, chartDist] = [prebuilt ?? (await buildPage('web')), await buildPage('bare-chart')];
  const servers = await startServers(webDist, chartDist, { tickMs: 20 });
  const browser = await launchChromium();
  const btc = servers.services.market.service.instrumentByCode('BTCUSD');
  if (!btc) throw new Error('no BTCUSD instrument');
  const appRuns: MainThread[] = [];
  const indicatorRuns: MainThread[] = [];
  const bareRuns: MainThread[] = [];
  const bareIndicatorRuns: MainThread[] = [];
  let taps: Tap[];
  const chartReady = `document.querySelector('[data-testid="candle-chart"] canvas') && !document.querySelector('[data-testid="candle-chart"] [aria-busy="true"]')`;
  try {
    for (let i = 0; i < RUNS; i++) {
      appRuns.push(await mainThread(browser, `${servers.appUrl}/trade?forex_id=${btc.id}`, chartReady));
      if (MEASURE_INDICATORS) {
        indicatorRuns.push(
          await mainThread(
            browser,
            `${servers.appUrl}/trade?forex_id=${btc.id}`,
            `${chartReady} && document.querySelector('[data-testid="candle-chart"][data-indicators="rsi macd bb"]')`,
            INDICATORS_SCRIPT,
          ),
        );
      }
      bareRuns.push(
        await mainThread(
          browser,
          `${servers.baselineUrl}/?forex_id=${btc.id}&code=${btc.code}`,
          `document.body.dataset.ready === 'true'`,
        ),
      );
      if (MEASURE_INDICATORS) {
        bareIndicatorRuns.push(
          await mainThread(
            browser,
            `${servers.baselineUrl}/?forex_id=${btc.id}&code=${btc.code}&indicators=1`,
            `document.body.dataset.ready === 'true'`,
          ),
        );
      }
    }
    taps = await tapBuy(browser, servers.appUrl, btc.id);
  } finally {
    await browser.close();
    await servers.stop();
    if (!prebuilt) fs.rmSync(webDist, { recursive: true, force: true });
    fs.rmSync(chartDist, { recursive: true, force: true });
  }
  const summary = (runs: MainThread[]): MainThread => ({
    busyMsPerSecond: median(runs.map((r) => r.busyMsPerSecond)),
    scriptMsPerSecond: median(runs.map((r) => r.scriptMsPerSecond)),
    layoutMsPerSecond: median(runs.map((r) => r.layoutMsPerSecond)),
    klinePushesPerSecond: median(runs.map((r) => r.klinePushesPerSecond)),
  });
  const app = summary(appRuns);
  const appIndicators = indicatorRuns.length > 0 ? summary(indicatorRuns) : null;
  const bare = summary(bareRuns);
  const bareIndicators = bareIndicatorRuns.length > 0 ? summary(bareIndicatorRuns) : null;
  return {
    app,
    appIndicators,
    bare,
    bareIndicators,
    ticksPerSecond: bare.klinePushesPerSecond,
    seconds: SECONDS,
    runs: RUNS,
    taps,
    tapToRequestMs: median(taps.map((t) => t.requestMs)),
    tapToPopupMs: median(taps.map((t) => t.popupMs)),
  };
}
