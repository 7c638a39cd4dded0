import { describe, expect, it } from 'vitest';
import { fromMicros, roundMoney, sumMoney, toMicros } from './money.js';
import { microUsd } from './units.js';

describe('micro-USD storage', () => {
  it('converts exactly both ways', () => {
    // 541.725 × 1000000 = 541725000
    expect(toMicros('541.725')).toBe(541_725_000);
    expect(fromMicros(microUsd(541_725_000)).toString()).toBe('541.725');
    // 0.0000005 × 1000000 = 0.5 → 1 (half up); −0.0000005 → −1
    expect(toMicros('0.0000005')).toBe(1);
    expect(toMicros('-0.0000005')).toBe(-1);
    // the float 1.005 is read as "1.005": 1005000
    expect(toMicros(1.005)).toBe(1_005_000);
  });

  it('refuses what a JS number cannot hold exactly', () => {
    expect(() => toMicros('9007199254.740992')).toThrow(RangeError);
    expect(() => fromMicros(microUsd(0.5))).toThrow(RangeError);
  });

  it('rounds and sums money at 6 decimals', () => {
    // 2.0000005 → 2.000001
    expect(roundMoney('2.0000005').toString()).toBe('2.000001');
    // 0.1 + 0.2 + 0.000001 = 0.300001
    expect(sumMoney([0.1, 0.2, '0.000001']).toString()).toBe('0.300001');
    expect(sumMoney([]).toString()).toBe('0');
  });
});
