import { PERIODS } from '@pipwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BACKFILL } from '../src/modules/market/candles/backfill.js';
import { nyClock } from '../src/modules/market/market-hours.js';
import { client, createTestApp, TestClock, type TestApp } from './helper.js';

// Monday 00:00 New York, right after a weekend: the hardest case for "300 candles",
// since forex made no candles from Friday 17:00 to Sunday 17:00.
const NOW = Date.parse('2026-11-30T05:00:00Z');

// The production windows, once, on SQLite (PostgreSQL is measured in the report; the
// small-window suites cover both dialects).
describe('first start with the production backfill (sqlite)', () => {
  let t: TestApp;
  let logged: { candles: number; ms: number } | undefined;
  beforeAll(async () => {
    t = await createTestApp('sqlite', {
      services: {
        now: new TestClock(NOW).now,
        backfill: DEFAULT_BACKFILL,
        log: { info: (obj: object) => (logged = obj as typeof logged), error: () => undefined },
      },
    });
  });
  afterAll(async () => t.close());

  it('fills every chart: at least 300 candles for every pair and period', async () => {
    expect(logged?.candles).toBeGreaterThan(150_000);
    console.info(`production backfill on sqlite: ${logged?.candles} candles in ${logged?.ms} ms`);
    const short: string[] = [];
    for (const inst of t.services.market.service.listInstruments()) {
      for (const period of PERIODS) {
        const n = (await t.services.candles.kline(inst.id, period, 300)).length;
        if (n < 300) short.push(`${inst.code} ${period}: ${n}`);
      }
    }
    expect(short).toEqual([]);
  });

  it('serves a year and more of day candles, each starting at 17:00 New York', async () => {
    const days = (await client(t.app).get('/v1/api/forex/kline?forex_id=1&period=1day&limit=1000')).data;
    expect(days.length).toBeGreaterThanOrEqual(300);
    expect(days[0].Time * 1000).toBeLessThan(NOW - 365 * 86_400_000);
    for (const d of days) expect(nyClock(d.Time * 1000)).toMatchObject({ hour: 17, minute: 0 });
    // Forex trades five days a week: no Saturday candle (a day starting Friday 17:00).
    expect(days.some((d: { Time: number }) => nyClock(d.Time * 1000).weekday === 5)).toBe(false);
  });
});
