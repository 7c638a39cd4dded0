import { describe, expect, it } from 'vitest';
import { heikinAshi, heikinAshiBar } from './heikin-ashi';

describe('heikinAshiBar', () => {
  it('opens the first bar at the middle of the candle’s open and close', () => {
    expect(heikinAshiBar({ open: 10, high: 14, low: 8, close: 12 }, null)).toEqual({
      open: 11,
      high: 14,
      low: 8,
      close: 11, // (10 + 14 + 8 + 12) / 4
    });
  });

  it('opens a later bar at the middle of the previous Heikin-Ashi bar', () => {
    const previous = { open: 11, high: 14, low: 8, close: 11.5 };
    const bar = heikinAshiBar({ open: 12, high: 13, low: 11, close: 12.4 }, previous);
    expect(bar.open).toBe(11.25);
    expect(bar.close).toBeCloseTo(12.1, 12);
    expect(bar.high).toBe(13);
    expect(bar.low).toBe(11);
  });

  it('widens high and low to take in its own open and close', () => {
    // A gap up: the averaged open sits below the candle's low.
    const bar = heikinAshiBar(
      { open: 20, high: 21, low: 19.5, close: 20.5 },
      { open: 10, high: 11, low: 9, close: 10 },
    );
    expect(bar.open).toBe(10);
    expect(bar.low).toBe(10);
    expect(bar.high).toBe(21);
    // A gap down: the averaged open sits above the candle's high.
    const down = heikinAshiBar(
      { open: 5, high: 5.5, low: 4, close: 4.5 },
      { open: 10, high: 11, low: 9, close: 10 },
    );
    expect(down.open).toBe(10);
    expect(down.high).toBe(10);
    expect(down.low).toBe(4);
  });
});

describe('heikinAshi', () => {
  it('chains each bar on the one before it', () => {
    const candles = [
      { open: 1, high: 3, low: 1, close: 2 },
      { open: 2, high: 4, low: 2, close: 3 },
      { open: 3, high: 3, low: 1, close: 1 },
    ];
    const bars = heikinAshi(candles);
    expect(bars).toHaveLength(3);
    expect(bars[0]).toEqual(heikinAshiBar(candles[0]!, null));
    expect(bars[1]).toEqual(heikinAshiBar(candles[1]!, bars[0]!));
    expect(bars[2]).toEqual(heikinAshiBar(candles[2]!, bars[1]!));
    expect(bars[1]!.open).toBe((bars[0]!.open + bars[0]!.close) / 2);
  });

  it('gives nothing for no candles', () => {
    expect(heikinAshi([])).toEqual([]);
  });
});
