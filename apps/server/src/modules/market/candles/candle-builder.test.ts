import { points } from '@pipwise/shared';
import { describe, expect, it } from 'vitest';
import { CandleBuilder } from './candle-builder.js';

const T0 = Date.parse('2026-11-25T15:00:00Z');
const S = 1_000;

describe('CandleBuilder', () => {
  it('builds open, high, low, close and tick volume, and closes on the next bucket', () => {
    const b = new CandleBuilder('1min');
    const closed = [
      b.apply(points(100), T0 + 1 * S),
      b.apply(points(130), T0 + 10 * S),
      b.apply(points(95), T0 + 20 * S),
      b.apply(points(107), T0 + 59_999),
    ];
    expect(closed).toEqual([undefined, undefined, undefined, undefined]);
    expect(b.current).toEqual({ time: T0, open: 100, high: 130, low: 95, close: 107, volume: 4 });

    const first = b.apply(points(108), T0 + 60 * S);
    expect(first).toEqual({ time: T0, open: 100, high: 130, low: 95, close: 107, volume: 4 });
    expect(b.current).toEqual({ time: T0 + 60 * S, open: 108, high: 108, low: 108, close: 108, volume: 1 });
  });

  it('skips buckets without ticks instead of inventing flat candles', () => {
    const b = new CandleBuilder('5min');
    b.apply(points(100), T0);
    const closed = b.apply(points(101), T0 + 3_600 * S);
    expect(closed?.time).toBe(T0);
    expect(b.current?.time).toBe(T0 + 3_600 * S);
  });

  it('continues a restored candle in its bucket and closes it afterwards', () => {
    const restored = {
      time: T0,
      open: points(100),
      high: points(110),
      low: points(90),
      close: points(105),
      volume: 7,
    };
    const b = new CandleBuilder('15min', restored);
    expect(b.apply(points(120), T0 + 5 * 60 * S)).toBeUndefined();
    expect(b.current).toEqual({ time: T0, open: 100, high: 120, low: 90, close: 120, volume: 8 });
    // The caller's object is not changed behind its back.
    expect(restored.volume).toBe(7);
    expect(b.apply(points(119), T0 + 15 * 60 * S)?.close).toBe(120);
  });

  it('counts a late tick in the forming candle rather than reopening a closed one', () => {
    const b = new CandleBuilder('1min');
    b.apply(points(100), T0);
    b.apply(points(101), T0 + 60 * S);
    expect(b.apply(points(99), T0 + 30 * S)).toBeUndefined();
    expect(b.current).toMatchObject({ time: T0 + 60 * S, low: 99, close: 99, volume: 2 });
  });

  it('closes a 4hour candle on the New York clock, 3 hours long on the spring-forward night', () => {
    const b = new CandleBuilder('4hour');
    // 01:00 EST on 2026-03-08 is 06:00 UTC; the next candle starts at 05:00 EDT, 09:00 UTC.
    expect(b.apply(points(100), Date.parse('2026-03-08T06:30:00Z'))).toBeUndefined();
    expect(b.apply(points(104), Date.parse('2026-03-08T08:59:59Z'))).toBeUndefined();
    expect(b.current).toMatchObject({ time: Date.parse('2026-03-08T06:00:00Z'), high: 104, volume: 2 });
    const closed = b.apply(points(103), Date.parse('2026-03-08T09:00:00Z'));
    expect(closed).toMatchObject({ time: Date.parse('2026-03-08T06:00:00Z'), close: 104 });
    expect(b.current?.time).toBe(Date.parse('2026-03-08T09:00:00Z'));
  });

  it('keeps a restored week candle through the weekend and closes it on Sunday 17:00 New York', () => {
    const week = Date.parse('2026-11-22T22:00:00Z');
    const restored = {
      time: week,
      open: points(100),
      high: points(110),
      low: points(90),
      close: points(95),
      volume: 50,
    };
    const b = new CandleBuilder('1week', restored);
    // Crypto on Saturday and on Sunday morning: still the same week.
    expect(b.apply(points(111), Date.parse('2026-11-28T15:00:00Z'))).toBeUndefined();
    expect(b.apply(points(96), Date.parse('2026-11-29T21:59:59Z'))).toBeUndefined();
    expect(b.current).toEqual({ time: week, open: 100, high: 111, low: 90, close: 96, volume: 52 });
    expect(b.apply(points(97), Date.parse('2026-11-29T22:00:00Z'))?.volume).toBe(52);
    expect(b.current).toMatchObject({ time: Date.parse('2026-11-29T22:00:00Z'), open: 97, volume: 1 });
  });
});
