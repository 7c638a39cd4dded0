import { PERIODS, points } from '@pipwise/shared';
import { describe, expect, it } from 'vitest';
import { CandleBuilder, type CandlePoints } from '../candles/candle-builder.js';
import { CandleAggregator } from './aggregate.js';

const at = (iso: string) => Date.parse(iso);
const p = points;

describe('CandleAggregator', () => {
  // 2 January 2024: New York is on EST (UTC−5), so its trading day turns at 22:00 UTC.
  const bars = [
    { time: at('2024-01-02T21:58:00Z'), o: 100, h: 105, l: 99, c: 104 },
    { time: at('2024-01-02T21:59:00Z'), o: 104, h: 106, l: 103, c: 105 },
    { time: at('2024-01-02T22:00:00Z'), o: 105, h: 107, l: 101, c: 102 },
    { time: at('2024-01-02T22:04:00Z'), o: 102, h: 103, l: 100, c: 101 },
    { time: at('2024-01-02T22:05:00Z'), o: 101, h: 110, l: 101, c: 109 },
    { time: at('2024-01-02T23:00:00Z'), o: 109, h: 109, l: 95, c: 96 },
  ];
  const candle = (iso: string, open: number, high: number, low: number, close: number, volume: number) => ({
    time: at(iso),
    open,
    high,
    low,
    close,
    volume,
  });

  it('folds 1-minute bars into 1min, 5min, 60min, 4hour, 1day and 1week candles (hand-computed)', () => {
    const agg = new CandleAggregator();
    for (const b of bars) agg.add(b.time, p(b.o), p(b.h), p(b.l), p(b.c));

    expect(agg.candles('1min')).toEqual(
      bars.map((b) => ({ time: b.time, open: b.o, high: b.h, low: b.l, close: b.c, volume: 1 })),
    );
    expect(agg.candles('5min')).toEqual([
      candle('2024-01-02T21:55:00Z', 100, 106, 99, 105, 2),
      candle('2024-01-02T22:00:00Z', 105, 107, 100, 101, 2),
      candle('2024-01-02T22:05:00Z', 101, 110, 101, 109, 1),
      candle('2024-01-02T23:00:00Z', 109, 109, 95, 96, 1),
    ]);
    expect(agg.candles('60min')).toEqual([
      candle('2024-01-02T21:00:00Z', 100, 106, 99, 105, 2),
      candle('2024-01-02T22:00:00Z', 105, 110, 100, 109, 3),
      candle('2024-01-02T23:00:00Z', 109, 109, 95, 96, 1),
    ]);
    // Day candles start at 17:00 New York: 22:00 UTC in winter.
    expect(agg.candles('1day')).toEqual([
      candle('2024-01-01T22:00:00Z', 100, 106, 99, 105, 2),
      candle('2024-01-02T22:00:00Z', 105, 110, 95, 96, 4),
    ]);
    // 4hour candles start at 13:00 and 17:00 New York: 18:00 and 22:00 UTC in winter.
    expect(agg.candles('4hour')).toEqual([
      candle('2024-01-02T18:00:00Z', 100, 106, 99, 105, 2),
      candle('2024-01-02T22:00:00Z', 105, 110, 95, 96, 4),
    ]);
    // The week from Sunday 31 December 2023, 17:00 New York, across the year end.
    expect(agg.candles('1week')).toEqual([candle('2023-12-31T22:00:00Z', 100, 110, 95, 96, 6)]);
    // 15min and 30min: 21:45/21:30, 22:00 and 23:00.
    expect(agg.count).toBe(6 + 4 + 3 + 3 + 3 + 2 + 2 + 1);
  });

  it('starts day candles at 17:00 New York in summer too (21:00 UTC)', () => {
    const agg = new CandleAggregator(['1day']);
    agg.add(at('2024-07-02T20:59:00Z'), p(1), p(1), p(1), p(1));
    agg.add(at('2024-07-02T21:00:00Z'), p(2), p(2), p(2), p(2));
    expect(agg.candles('1day').map((c) => new Date(c.time).toISOString())).toEqual([
      '2024-07-01T21:00:00.000Z',
      '2024-07-02T21:00:00.000Z',
    ]);
  });

  it('builds from ticks exactly the candles the live builder builds', () => {
    let seed = 7;
    const random = () => (seed = (seed * 16_807) % 2_147_483_647) / 2_147_483_647;
    const ticks: { time: number; bid: number }[] = [];
    // A week of ticks from Friday 8 March 2024: through the spring-forward night of Sunday
    // the 10th (a 3-hour 4hour candle) and that Sunday's 17:00, where a new week starts.
    let time = at('2024-03-08T20:00:00Z');
    let bid = 110_000;
    for (let i = 0; i < 10_000; i++) {
      time += Math.floor(random() * 120_000);
      bid += Math.round((random() - 0.5) * 20);
      ticks.push({ time, bid });
    }

    const agg = new CandleAggregator();
    for (const t of ticks) agg.addTick(t.time, p(t.bid));
    for (const period of PERIODS) {
      const builder = new CandleBuilder(period);
      const live: CandlePoints[] = [];
      for (const t of ticks) {
        const closed = builder.apply(p(t.bid), t.time);
        if (closed) live.push(closed);
      }
      if (builder.current) live.push({ ...builder.current });
      expect(agg.candles(period), period).toEqual(live);
    }
    expect(agg.candles('1week').map((c) => new Date(c.time).toISOString())).toEqual([
      '2024-03-03T22:00:00.000Z',
      '2024-03-10T21:00:00.000Z',
    ]);
    expect(agg.candles('4hour').map((c) => c.time)).toContain(at('2024-03-10T06:00:00Z'));
    expect(agg.candles('4hour').map((c) => c.time)).toContain(at('2024-03-10T09:00:00Z'));
  });
});
