import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLog } from '../src/core/index.js';
import { configuredFeed, loadFeedConfig } from '../src/feed-config.js';
import { seedLpInstruments, startLpSimulator, type LpSimulator } from '../src/modules/market/index.js';
import { createTestApp, fundedUser, type TestApp, waitFor } from './helper.js';

/**
 * FEED=fix end to end inside one server: the configuration read from the environment, the
 * FIX session against the shipped LP simulator, the board's prices, an order filled at the
 * provider's price, and a dropped link that makes every price not live until it is back.
 */
const EURUSD = 1;

describe('FEED=fix against the LP simulator', () => {
  let t: TestApp;
  let lp: LpSimulator;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pipwise-fix-server-'));
    lp = await startLpSimulator({
      senderCompId: 'PIPWISE-LP',
      targetCompId: 'PIPWISE',
      instruments: seedLpInstruments(),
      tickMs: 50,
      heartbeatSecs: 1,
      alwaysOpen: true,
      seed: 11,
    });
    t = await createTestApp('sqlite');
  });
  afterAll(async () => {
    await t.close();
    await lp.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('shows the provider’s prices, fills at them, and trusts nothing while the link is down', async () => {
    const config = loadFeedConfig({
      FEED: 'fix',
      FIX_MD_URL: `fix://127.0.0.1:${lp.port}?sender=PIPWISE&target=PIPWISE-LP`,
    });
    const feed = await configuredFeed(t.services, config, {
      scaled: false,
      tickMs: 100,
      log: silentLog,
      dataDir,
    });
    expect(feed).toBeDefined();
    const market = t.services.market.service;
    const before = market.liveQuote(EURUSD)!.bid;
    market.switchFeed(feed!);
    const eurusd = market.instrument(EURUSD)!;
    await waitFor('a fresh EURUSD price from the provider', () => {
      const q = market.liveQuote(EURUSD);
      return q !== undefined && q.bid !== before && market.isQuoteFresh(eurusd);
    });

    const { token } = await fundedUser(t.services, 10_000);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/api/forex/submit',
      headers: { lang: 'en', authorization: token },
      payload: { type: 1, cont: '0.10', forex_id: EURUSD, status: 1, multiple: 100 },
    });
    const body = JSON.parse(res.body) as { code: number; data: { OriginPrice: number } };
    expect(body.code).toBe(1);
    // A buy fills at an ask the provider sent (its last one, or one a step before).
    const ask = market.liveQuote(EURUSD)!.ask / 10 ** eurusd.precision;
    expect(Math.abs(body.data.OriginPrice - ask)).toBeLessThan(0.01);

    expect(lp.dropConnections()).toBeGreaterThan(0);
    await waitFor('prices not live once the link dropped', () => !market.isQuoteFresh(eurusd), 3_000);
    await waitFor('prices live again after the reconnect', () => market.isQuoteFresh(eurusd));
  });

  it('prices each instrument from the backup while the primary is stale, counted in /metrics', async () => {
    const backupLp = await startLpSimulator({
      senderCompId: 'PIPWISE-LP2',
      targetCompId: 'PIPWISE',
      instruments: seedLpInstruments(),
      tickMs: 50,
      heartbeatSecs: 1,
      alwaysOpen: true,
      seed: 12,
    });
    try {
      const config = loadFeedConfig({
        FEED: 'fix',
        FIX_MD_URL: `fix://127.0.0.1:${lp.port}?sender=PIPWISE&target=PIPWISE-LP`,
        FIX_MD_BACKUP_URL: `fix://127.0.0.1:${backupLp.port}?sender=PIPWISE&target=PIPWISE-LP2`,
      });
      const feed = await configuredFeed(t.services, config, {
        scaled: false,
        tickMs: 100,
        log: silentLog,
        dataDir: path.join(dataDir, 'failover'),
      });
      const market = t.services.market.service;
      market.switchFeed(feed!);
      const eurusd = market.instrument(EURUSD)!;
      await waitFor('both sources live and a fresh price', () => {
        const status = market.feedStatus();
        return status.sources.every((s) => s.fix.session === 'live') && market.isQuoteFresh(eurusd);
      });
      lp.setQuoting(false);
      await waitFor('EURUSD from the backup', () => market.feedStatus().active[EURUSD] === 'backup', 10_000);
      expect(market.isQuoteFresh(eurusd)).toBe(true);
      const metrics = await t.app.inject({ method: 'GET', url: '/metrics' });
      expect(metrics.body).toMatch(/pipwise_feed_switches_total\{instrument="EURUSD"\} 1/);
      expect(metrics.body).toMatch(/pipwise_feed_source\{instrument="EURUSD"\} 1/);
      lp.setQuoting(true);
      await waitFor('EURUSD back on the primary', () => market.feedStatus().active[EURUSD] === 'primary');
      expect(market.feedStatus().switches.map((s) => s.reason)).toContain('primary_stale');
    } finally {
      lp.setQuoting(true);
      await backupLp.close();
    }
  });
});
