import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dec } from './decimal.js';
import { pointsToDecimal, pointsToPrice } from './rounding.js';

// The server prices positions with pointsToDecimal where it used to read pointsToPrice's
// number back into a Dec (apps/server valuation.ts): the same value whenever the points have
// at most 15 significant digits, so the money it computes is unchanged.
describe('points as an exact decimal', () => {
  const precision = fc.integer({ min: 0, max: 10 });

  it('is the exact quotient, with the powers of ten built once', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), fc.integer({ min: 0, max: 25 }), (points, p) => {
        const exact = new Dec(points).div(new Dec(10).pow(p));
        expect(pointsToDecimal(points, p).eq(exact)).toBe(true);
        expect(pointsToPrice(points, p)).toBe(exact.toNumber());
      }),
    );
  });

  it('equals the price read back from its number below 10^15 points', () => {
    fc.assert(
      fc.property(fc.integer({ min: -(1e15 - 1), max: 1e15 - 1 }), precision, (points, p) => {
        expect(pointsToDecimal(points, p).eq(new Dec(pointsToPrice(points, p)))).toBe(true);
      }),
      { numRuns: 2_000 },
    );
    // Edges: the most digits allowed, and prices like the app's.
    for (const [points, p] of [
      [999_999_999_999_999, 5],
      [999_999_999_999_999, 10],
      [115_791, 5],
      [8_753_000, 2],
      [1, 10],
    ] as const)
      expect(pointsToDecimal(points, p).eq(new Dec(pointsToPrice(points, p)))).toBe(true);
  });
});
