import { CandleSchema, SparklineSchema, points } from '@pipwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackfillOptions } from '../src/modules/market/candles/backfill.js';
import { bucketStart } from '../src/modules/market/candles/candle-time.js';
import { client, createTestApp, DIALECTS, TestClock, type TestApp } from './helper.js';

// A Wednesday, 10:00 New York: every market is open.
const NOW = Date.parse('2026-11-25T15:00:00Z');
const WINDOWS: BackfillOptions = {
  days: {
    '1min': 0.25,
    '5min': 0.5,
    '15min': 1,
    '30min': 1,
    '60min': 2,
    '4hour': 5,
    '1day': 10,
    '1week': 10,
  },
  fineDays: 0.25,
  fineStepMs: 5_000,
  coarseStepMs: 60_000,
  dayOnlyStepMs: 300_000,
  weekOnlyStepMs: 3_600_000,
};
const BTC = 26;

describe.each(DIALECTS)('candles over HTTP (%s)', (dialect) => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  beforeAll(async () => {
    t = await createTestApp(dialect, { services: { now: new TestClock(NOW).now, backfill: WINDOWS } });
    api = client(t.app);
  });
  afterAll(async () => t.close());

  it('serves 300 backfilled 1-minute candles by default, oldest first, timed in seconds', async () => {
    const res = await api.get('/v1/api/forex/kline?forex_id=1&period=1min&t=1');
    expect(res.code).toBe(1);
    expect(res.data).toHaveLength(300);
    for (const c of res.data) CandleSchema.parse(c);
    const times = res.data.map((c: { Time: number }) => c.Time);
    expect(times.every((s: number, i: number) => i === 0 || s > times[i - 1])).toBe(true);
    expect(times.every((s: number) => s % 60 === 0)).toBe(true);
    expect(times.at(-1)).toBe(bucketStart('1min', NOW) / 1000);
    // EUR/USD has 5 decimals.
    const close = res.data.at(-1).Close as number;
    expect(Math.round(close * 1e5) / 1e5).toBe(close);

    // The whole 6-hour window with a larger limit; the default period is 1min.
    const all = await api.get('/v1/api/forex/kline?forex_id=1&limit=1000');
    expect(all.data.length).toBeGreaterThanOrEqual(359);
    expect(all.data.at(-1)).toEqual(res.data.at(-1));
  });

  it('starts day candles at 17:00 New York and matches the quote of the day', async () => {
    const days = (await api.get(`/v1/api/forex/kline?forex_id=${BTC}&period=1day`)).data;
    expect(days.length).toBeGreaterThanOrEqual(9);
    for (const d of days) expect(new Date(d.Time * 1000).getUTCHours()).toBe(22); // 17:00 EST
    const quote = t.services.market.service.quotePush(BTC)!;
    expect(quote.Open).toBe(days.at(-1).Open);
    expect(quote.High).toBeGreaterThanOrEqual(days.at(-1).High);
    expect(quote.Low).toBeLessThanOrEqual(days.at(-1).Low);
  });

  it('serves 4hour candles from 17:00 New York every 4 hours and 1week candles from Sunday 17:00', async () => {
    const fourHours = (await api.get(`/v1/api/forex/kline?forex_id=${BTC}&period=4hour`)).data;
    // Crypto: 5 days of six candles, the first partial one left out.
    expect(fourHours.length).toBeGreaterThanOrEqual(29);
    // EST: 17:00 21:00 01:00 05:00 09:00 13:00 New York are 22 02 06 10 14 18 UTC.
    for (const c of fourHours)
      expect([22, 2, 6, 10, 14, 18]).toContain(new Date(c.Time * 1000).getUTCHours());
    expect(fourHours.at(-1).Time).toBe(bucketStart('4hour', NOW) / 1000);
    const weeks = (await api.get(`/v1/api/forex/kline?forex_id=${BTC}&period=1week`)).data;
    expect(weeks.map((w: { Time: number }) => new Date(w.Time * 1000).toISOString())).toEqual([
      // 10 days back from Wednesday 25 November: whole weeks from Sunday 15 November, 17:00 EST.
      '2026-11-15T22:00:00.000Z',
      '2026-11-22T22:00:00.000Z',
    ]);
    // The forming week holds the forming 4 hours.
    expect(weeks.at(-1).High).toBeGreaterThanOrEqual(fourHours.at(-1).High);
    expect(weeks.at(-1).Close).toBe(fourHours.at(-1).Close);
  });

  it('starts the live quotes where the history ends', async () => {
    for (const inst of t.services.market.service.listInstruments()) {
      const last = (await api.get(`/v1/api/forex/kline?forex_id=${inst.id}&limit=1`)).data[0];
      const bid = t.services.market.service.quotePush(inst.id)!.Bid;
      expect(Math.abs(bid - last.Close)).toBeLessThanOrEqual(1.5 / 10 ** inst.precision);
    }
  });

  it('lays the forming candle over stored ones and persists the candles that close', async () => {
    const base = Math.round(t.services.market.service.quotePush(BTC)!.Bid * 100);
    const minute = bucketStart('1min', NOW) + 60_000;
    const tick = (delta: number, at: number) =>
      t.services.market.service.onTicks(
        [{ id: BTC, bid: points(base + delta), ask: points(base + delta + 3000) }],
        at,
      );
    tick(1000, minute + 1_000);
    tick(3000, minute + 2_000);
    tick(-500, minute + 3_000);
    tick(700, minute + 59_999);
    const expected = {
      Time: minute / 1000,
      Open: (base + 1000) / 100,
      High: (base + 3000) / 100,
      Low: (base - 500) / 100,
      Close: (base + 700) / 100,
      Volume: 4,
    };
    let kline = (await api.get(`/v1/api/forex/kline?forex_id=${BTC}&limit=3`)).data;
    expect(kline).toHaveLength(3);
    expect(kline.at(-1)).toEqual(expected);

    tick(100, minute + 60_000); // closes it
    kline = (await api.get(`/v1/api/forex/kline?forex_id=${BTC}&limit=3`)).data;
    // Closed but not written yet: still served from memory.
    expect(kline.at(-2)).toEqual(expected);
    expect(kline.at(-1)).toMatchObject({ Time: minute / 1000 + 60, Open: (base + 100) / 100, Volume: 1 });

    await t.services.candles.flush();
    const row = await t.services.core.db
      .selectFrom('candles')
      .selectAll()
      .where('instrument_id', '=', BTC)
      .where('period', '=', '1min')
      .where('time', '=', minute)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      open: base + 1000,
      high: base + 3000,
      low: base - 500,
      close: base + 700,
      volume: 4,
    });
    // The forming candle is written too (a crash loses at most one flush interval).
    const forming = await t.services.core.db
      .selectFrom('candles')
      .select('volume')
      .where('instrument_id', '=', BTC)
      .where('period', '=', '1min')
      .where('time', '=', minute + 60_000)
      .executeTakeFirst();
    expect(forming?.volume).toBe(1);
    kline = (await api.get(`/v1/api/forex/kline?forex_id=${BTC}&limit=3`)).data;
    expect(kline.at(-2)).toEqual(expected);

    // Longer periods took the same ticks.
    const fiveMin = (await api.get(`/v1/api/forex/kline?forex_id=${BTC}&period=5min&limit=1`)).data[0];
    expect(fiveMin.Time).toBe(bucketStart('5min', minute) / 1000);
    expect(fiveMin.High).toBeGreaterThanOrEqual(expected.High);
    expect(fiveMin.Close).toBe((base + 100) / 100);
  });

  it('refuses bad input with code 1001 and the field, and unknown pairs as not found', async () => {
    expect(await api.get('/v1/api/forex/kline?forex_id=1&period=2min')).toMatchObject({
      code: 1001,
      data: { field: 'period' },
    });
    expect(await api.get('/v1/api/forex/kline?forex_id=abc')).toMatchObject({
      code: 1001,
      data: { field: 'forex_id' },
    });
    expect(await api.get('/v1/api/forex/kline')).toMatchObject({ code: 1001, data: { field: 'forex_id' } });
    expect(await api.get('/v1/api/forex/kline?forex_id=1&limit=0')).toMatchObject({
      code: 1001,
      data: { field: 'limit' },
    });
    expect(await api.get('/v1/api/forex/kline?forex_id=1&limit=1001')).toMatchObject({ code: 1001 });
    const notFound = { code: 2000, msg: 'This instrument does not exist', data: null };
    expect(await api.get('/v1/api/forex/kline?forex_id=9999&period=1day')).toEqual(notFound);
    expect(await api.get('/v1/api/forex/abbreviated_cache_kline?forex_id=9999')).toEqual(notFound);
    expect((await api.get('/v1/api/forex/kline?forex_id=9999', { lang: 'hk' })).msg).not.toBe(notFound.msg);
  });

  it('gives every pair a sparkline of half-hour closes ending at the live price', async () => {
    const all = (await api.get('/v1/api/forex/abbreviated_cache_kline')).data;
    expect(all).toHaveLength(t.services.market.service.listInstruments().length);
    for (const s of all) {
      SparklineSchema.parse(s);
      expect(s.Points.length).toBeGreaterThanOrEqual(40);
      expect(s.Points.length).toBeLessThanOrEqual(48);
    }
    const btc = all.find((s: { Code: string }) => s.Code === 'BTCUSD');
    const last30 = (await api.get(`/v1/api/forex/kline?forex_id=${BTC}&period=30min&limit=2`)).data;
    expect(btc.Points.slice(-2)).toEqual(last30.map((c: { Close: number }) => c.Close));

    const one = (await api.get(`/v1/api/forex/abbreviated_cache_kline?forex_id=${BTC}`)).data;
    expect(one).toEqual([btc]);
  });
});
