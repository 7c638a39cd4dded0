import { describe, expect, it } from 'vitest';
import { Dec } from './decimal.js';
import { notionalUsd } from './notional.js';
import { lots } from './units.js';

describe('notional value in USD', () => {
  it('XXX/USD: lots × contract size × the mid price', () => {
    // 1.5 lots of EURUSD at mid 1.08505: 1.5 × 100,000 × 1.08505.
    expect(notionalUsd({ lots: lots('1.5'), contractSize: 100_000, baseToUsd: '1.08505' }).toString()).toBe(
      '162757.5',
    );
  });

  it('USD/XXX: the base is USD, one lot is the contract size', () => {
    expect(notionalUsd({ lots: lots('0.3'), contractSize: 100_000, baseToUsd: 1 }).toString()).toBe('30000');
  });

  it('rounds once, to the micro-dollar, half up', () => {
    expect(notionalUsd({ lots: new Dec('0.01'), contractSize: 1, baseToUsd: '0.00012345' }).toString()).toBe(
      '0.000001',
    );
  });

  it('refuses negative lots', () => {
    expect(() => notionalUsd({ lots: new Dec(-1), contractSize: 1, baseToUsd: 1 })).toThrow(RangeError);
  });
});
