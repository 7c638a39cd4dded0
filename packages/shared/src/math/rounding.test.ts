import { describe, expect, it } from 'vitest';
import { percentChange } from './change.js';
import { formatFixed, pointsToPrice, priceToPoints, roundTo } from './rounding.js';
import { points, price } from './units.js';

describe('exact rounding', () => {
  it('rounds half away from zero without float drift', () => {
    expect(roundTo('1.005', 2)).toBe(1.01); // 1.005 as a float would round to 1.00
    expect(roundTo('-2.5', 0)).toBe(-3);
    expect(roundTo(0.1 + 0.2, 6)).toBe(0.3);
    expect(formatFixed('1.0834', 5)).toBe('1.08340');
  });

  it('converts between points and prices exactly', () => {
    expect(pointsToPrice(points(115_791), 5)).toBe(1.15791);
    expect(priceToPoints(price('1.15791'), 5)).toBe(115_791);
    expect(priceToPoints(price(155.2), 3)).toBe(155_200);
  });

  it('computes the day change in percent, 2 decimals', () => {
    expect(percentChange({ open: 100, close: 101.235 })).toBe(1.24);
    expect(percentChange({ open: 1.2, close: 1.17 })).toBe(-2.5);
    expect(percentChange({ open: 0, close: 5 })).toBe(0);
  });
});
