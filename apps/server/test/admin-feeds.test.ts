import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { adminFeedStatusEndpoint, ResultCode, type AdminFeedStatus } from '@pipwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLog } from '../src/core/index.js';
import { configuredFeed, loadFeedConfig } from '../src/feed-config.js';
import { toAdminFeedStatus } from '../src/modules/market/admin/feed-admin.service.js';
import { messages } from '@pipwise/locales';
import {
  DROP_REASONS,
  seedLpInstruments,
  startLpSimulator,
  type FeedStatus,
  type FixFeedStatus,
  type LpSimulator,
} from '../src/modules/market/index.js';
import { adminClient, auditCount, createOperator, type TestOperator } from './admin-fixtures.js';
import { createTestApp, DIALECTS, type TestApp, waitFor } from './helper.js';

/**
 * GET /api/admin/feeds/status (docs/market-data.md "Back office"): the running feed as the
 * feeds page shows it — the simulator's kind alone, a FIX session against the shipped LP
 * simulator with its instruments, and the failover's sources and switches as they come.
 */

const EURUSD = 1;

describe.each(DIALECTS)('the feeds page’s status (%s)', (dialect) => {
  let t: TestApp;
  let admin: TestOperator;
  let lp: LpSimulator;
  let dataDir: string;
  const status = async (token = admin.token) =>
    adminClient(t.app).call(adminFeedStatusEndpoint, {}, { token });

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pipwise-admin-feeds-'));
    lp = await startLpSimulator({
      senderCompId: 'PIPWISE-LP',
      targetCompId: 'PIPWISE',
      instruments: seedLpInstruments(),
      tickMs: 50,
      heartbeatSecs: 1,
      alwaysOpen: true,
      seed: 7,
    });
    t = await createTestApp(dialect);
    admin = await createOperator(t.services, 'admin');
  });
  afterAll(async () => {
    await t.close();
    await lp.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('names the simulator when prices come from it, and writes nothing', async () => {
    const before = await auditCount(t.services);
    const answer = await status();
    expect(answer.code, answer.body).toBe(1);
    const data = answer.data as AdminFeedStatus;
    expect(data).toMatchObject({
      kind: 'simulator',
      sources: [],
      active: {},
      switches: [],
      switch_counts: {},
    });
    // The server's clock (the test app's), which ages and rates count from.
    expect(Math.abs(t.services.core.now() - data.now)).toBeLessThan(5_000);
    expect(await auditCount(t.services)).toBe(before);
  });

  it.each(['finance', 'support', 'content'] as const)('refuses a %s operator', async (role) => {
    const operator = await createOperator(t.services, role);
    expect(await status(operator.token)).toMatchObject({
      code: ResultCode.Forbidden,
      msg: 'Your role does not allow this action',
      data: null,
    });
  });

  it('refuses without an operator session', async () => {
    const answer = await adminClient(t.app).call(adminFeedStatusEndpoint, {});
    expect(answer).toMatchObject({
      code: ResultCode.SessionExpired,
      msg: 'Please log in to the back office',
    });
  });

  it('shows a live FIX session, its instruments and their quotes', async () => {
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
    const market = t.services.market.service;
    market.switchFeed(feed!);
    const eurusd = market.instrument(EURUSD)!;
    await waitFor('a fresh EURUSD price from the provider', () => market.isQuoteFresh(eurusd));
    // The simulator's last quote is fresh too at first: wait for the provider's own.
    await waitFor('quotes from the provider', async () => {
      const data = (await status()).data as AdminFeedStatus;
      return (data.sources[0]?.quotes ?? 0) > 0;
    });

    const answer = await status();
    expect(answer.code, answer.body).toBe(1);
    const data = answer.data as AdminFeedStatus;
    expect(data.kind).toBe('fix');
    expect(data.sources.length).toBeGreaterThanOrEqual(1);
    const primary = data.sources.find((s) => s.role === 'primary')!;
    expect(primary).toMatchObject({ session: 'live', last_error: null });
    expect(primary.endpoint).toContain(`127.0.0.1:${lp.port}`);
    expect(primary.connects).toBeGreaterThanOrEqual(1);
    expect(primary.messages).toBeGreaterThan(0);
    expect(primary.quotes).toBeGreaterThan(0);
    expect(primary.sequence).toEqual({ next_out: expect.any(Number), next_in: expect.any(Number) });
    expect(Object.keys(primary.dropped)).toContain('crossed');
    const row = primary.instruments.find((i) => i.code === 'EURUSD')!;
    expect(row).toMatchObject({ id: EURUSD, symbol: 'EUR/USD', state: 'live', reason: null, in_use: true });
    expect(row.bid).toMatch(/^\d+\.\d{5}$/);
    expect(row.ask).toMatch(/^\d+\.\d{5}$/);
    expect(Number(row.ask)).toBeGreaterThanOrEqual(Number(row.bid));
    expect(row.quote_age_ms).toBe(Math.max(0, data.now - row.received_at!));
    expect(row.quote_age_ms).toBeLessThan(5_000);
    expect(data.active.EURUSD).toBe('primary');

    // Counters only grow: the page's rate is two polls' difference.
    await new Promise((r) => setTimeout(r, 300));
    const later = (await status()).data as AdminFeedStatus;
    expect(later.now).toBeGreaterThan(data.now);
    expect(later.sources[0]!.messages).toBeGreaterThanOrEqual(primary.messages);
  });
});

describe('the page has words for what the feed reports', () => {
  it('names every reason the FIX feed drops an update for', () => {
    const words = messages.en.admin_feeds.drop as Record<string, string>;
    for (const reason of DROP_REASONS) expect(words[reason], reason).toBeTruthy();
  });
});

describe('the status in the contract’s shape', () => {
  const fix = (over: Partial<FixFeedStatus> = {}): FixFeedStatus => ({
    endpoint: '10.0.0.1:9878 PIPWISE→LP',
    session: 'reconnecting',
    since: 1_000,
    lastError: 'connection refused',
    nextAttemptAt: 2_000,
    connects: 3,
    disconnects: 3,
    messages: 10,
    quotes: 8,
    rejects: 1,
    dropped: { garbage: 1 } as FixFeedStatus['dropped'],
    instruments: [
      {
        id: 3,
        code: 'USDJPY',
        symbol: 'USD/JPY',
        state: 'stale',
        bid: 155_123,
        ask: 155_130,
        providerTime: 1_400,
        receivedAt: 1_500,
        dropped: 2,
      },
      {
        id: 26,
        code: 'BTCUSD',
        symbol: 'BTCUSD',
        state: 'unavailable',
        reason: 'unknown symbol',
        dropped: 0,
      },
    ],
    ...over,
  });

  it('keeps both sources, the source in use per instrument and the switches', () => {
    const status: FeedStatus = {
      kind: 'fix',
      sources: [
        { role: 'primary', fix: fix() },
        { role: 'backup', fix: fix({ session: 'live', endpoint: '10.0.0.2:9878 PIPWISE→LP2' }) },
      ],
      active: { 3: 'backup', 26: 'primary' },
      switches: [
        { at: 1_600, instrumentId: 3, code: 'USDJPY', from: 'primary', to: 'backup', reason: 'primary_down' },
      ],
      switchCounts: { USDJPY: 1 },
    };
    const instruments = new Map([
      [3, { code: 'USDJPY', precision: 3 }],
      [26, { code: 'BTCUSD', precision: 2 }],
    ]);
    const out = toAdminFeedStatus(status, 2_500, (id) => instruments.get(id));
    expect(out.active).toEqual({ USDJPY: 'backup', BTCUSD: 'primary' });
    expect(out.switches).toEqual([
      { at: 1_600, instrument_id: 3, code: 'USDJPY', from: 'primary', to: 'backup', reason: 'primary_down' },
    ]);
    expect(out.switch_counts).toEqual({ USDJPY: 1 });
    const [primary, backup] = out.sources;
    expect(primary).toMatchObject({
      role: 'primary',
      session: 'reconnecting',
      last_error: 'connection refused',
      next_attempt_at: 2_000,
      last_message_at: null,
      sequence: null,
    });
    expect(primary!.instruments[0]).toEqual({
      id: 3,
      code: 'USDJPY',
      symbol: 'USD/JPY',
      state: 'stale',
      reason: null,
      bid: '155.123',
      ask: '155.130',
      provider_time: 1_400,
      received_at: 1_500,
      quote_age_ms: 1_000,
      dropped: 2,
      in_use: false,
    });
    expect(primary!.instruments[1]).toMatchObject({
      reason: 'unknown symbol',
      bid: null,
      quote_age_ms: null,
      in_use: true,
    });
    expect(backup!.instruments[0]!.in_use).toBe(true);
  });
});
