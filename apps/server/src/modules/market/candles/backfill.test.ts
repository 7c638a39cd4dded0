import type { Period } from '@pipwise/shared';
import { describe, expect, it } from 'vitest';
import { SEED_INSTRUMENTS } from '../seed/instruments.js';
import { PriceSimulator } from '../simulator.js';
import { generateHistory, type BackfillOptions } from './backfill.js';
import { nyClock } from '../market-hours.js';
import { bucketOf } from './candle-time.js';

const INSTRUMENTS = SEED_INSTRUMENTS.map((s) => ({
  id: s.id,
  code: s.code,
  precision: s.precision,
  spreadPoints: s.spreadPoints,
  session: s.session,
  sim: s.sim,
}));
// A Wednesday, 10:00 New York: every market is open.
const NOW = Date.parse('2026-11-25T15:00:00Z');
const SMALL: BackfillOptions = {
  days: {
    '1min': 0.2,
    '5min': 0.3,
    '15min': 0.5,
    '30min': 1,
    '60min': 2,
    '4hour': 5,
    '1day': 10,
    '1week': 40,
  },
  fineDays: 0.2,
  fineStepMs: 5_000,
  coarseStepMs: 60_000,
  dayOnlyStepMs: 300_000,
  weekOnlyStepMs: 3_600_000,
};
const BTC = 26;

describe('candle history (backfill generation)', () => {
  it('is deterministic: the same seed and now give the same history', () => {
    const a = generateHistory(INSTRUMENTS, 42, NOW, SMALL);
    const b = generateHistory(INSTRUMENTS, 42, NOW, SMALL);
    expect(b.rows).toEqual(a.rows);
    expect(b.mids).toEqual(a.mids);
    expect(b.days).toEqual(a.days);
    const other = generateHistory(INSTRUMENTS, 43, NOW, SMALL);
    expect(other.rows).not.toEqual(a.rows);
  });

  it('stores only whole buckets of each window, well-formed and unique', () => {
    const { rows } = generateHistory(INSTRUMENTS, 42, NOW, SMALL);
    const keys = new Set<string>();
    // Plain checks per row (one expect at the end): tens of thousands of expects are slow.
    const bad = rows.filter((r) => {
      const period = r.period as Period;
      keys.add(`${r.instrument_id}|${r.period}|${r.time}`);
      return !(
        bucketOf(period, r.time).start === r.time &&
        r.time >= NOW - SMALL.days[period] * 86_400_000 &&
        r.time <= NOW &&
        r.high >= Math.max(r.open, r.close, r.low) &&
        r.low <= Math.min(r.open, r.close) &&
        r.volume > 0
      );
    });
    expect(bad).toEqual([]);
    expect(keys.size).toBe(rows.length);
    const eurusd1m = rows.filter((r) => r.instrument_id === 1 && r.period === '1min');
    // 0.2 days of whole minutes: the window's first partial minute is left out.
    expect(eurusd1m.length).toBeGreaterThanOrEqual(287);
    // 5 s steps: a 1-minute candle has several ticks and a real range.
    expect(eurusd1m.some((r) => r.volume >= 5 && r.high > r.low)).toBe(true);
  });

  it('builds 4hour and 1week candles on the New York clock, weeks from coarser steps', () => {
    const { rows } = generateHistory(INSTRUMENTS, 42, NOW, SMALL);
    const btc = (period: Period) => rows.filter((r) => r.instrument_id === BTC && r.period === period);
    // Crypto: every 4 hours of 5 days, 17:00 21:00 01:00 05:00 09:00 13:00 New York.
    const fourHours = btc('4hour');
    expect(fourHours.length).toBeGreaterThanOrEqual(29);
    expect(new Set(fourHours.map((r) => nyClock(r.time).hour))).toEqual(new Set([17, 21, 1, 5, 9, 13]));
    // Every week of 40 days (5 whole ones and the forming one), each from Sunday 17:00.
    const weeks = btc('1week');
    expect(weeks).toHaveLength(6);
    for (const w of weeks) expect(nyClock(w.time)).toMatchObject({ weekday: 0, hour: 17, minute: 0 });
    expect(weeks.at(-1)!.time).toBe(bucketOf('1week', NOW).start);
    // The oldest week lies before the 1day window: hourly steps, at most one tick an hour.
    const oldest = weeks[0]!;
    expect(bucketOf('1week', oldest.time).end).toBeLessThan(NOW - SMALL.days['1day'] * 86_400_000);
    expect(oldest.volume).toBeGreaterThan(80);
    expect(oldest.volume).toBeLessThanOrEqual(169);
    // The forming week saw the 5-minute and finer steps of the last 10 days.
    expect(weeks.at(-1)!.volume).toBeGreaterThan(1_000);
    // A week's range holds its days' ranges.
    const days = btc('1day').filter((d) => d.time >= weeks.at(-1)!.time);
    expect(days.length).toBeGreaterThanOrEqual(3);
    expect(weeks.at(-1)!.high).toBe(Math.max(...days.map((d) => d.high)));
    expect(weeks.at(-1)!.low).toBe(Math.min(...days.map((d) => d.low)));
  });

  it('ends where the live feed starts: the final mids reproduce the last closes', () => {
    const history = generateHistory(INSTRUMENTS, 42, NOW, SMALL);
    const resumed = new PriceSimulator(INSTRUMENTS, 42, history.mids).snapshot();
    for (const inst of INSTRUMENTS) {
      const last = history.rows
        .filter((r) => r.instrument_id === inst.id && r.period === '1min')
        .reduce((a, b) => (b.time > a.time ? b : a));
      const bid = resumed.find((t) => t.id === inst.id)!.bid;
      // Mids travel as decimals; rounding back to points may move a bid by one point.
      expect(Math.abs(bid - last.close)).toBeLessThanOrEqual(1);
      const day = history.days.get(inst.id)!;
      expect(day.time).toBe(bucketOf('1day', NOW).start);
      expect(day.high).toBeGreaterThanOrEqual(last.close);
    }
  });
});

describe('history scaled to today', () => {
  it('ends every instrument at its seed price, crosses at the product of their legs', () => {
    const history = generateHistory(INSTRUMENTS, 42, NOW, SMALL);
    for (const inst of INSTRUMENTS) {
      if ('start' in inst.sim)
        expect(history.mids.get(inst.code)).toBeCloseTo(inst.sim.start, inst.precision - 1);
    }
    const mid = (code: string) => history.mids.get(code)!;
    if (history.mids.has('EURJPY')) expect(mid('EURJPY')).toBeCloseTo(mid('EURUSD') * mid('USDJPY'), 1);
  });
});
