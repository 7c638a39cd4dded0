import { describe, expect, it } from 'vitest';
import { canDecreaseLots, isAtLeastMin, isLotMultiple, lotsProblem, nextLots, prevLots } from './lots.js';
import { lots } from './units.js';

describe('lot rules', () => {
  it('a multiple of the step, exactly', () => {
    // 0.3 mod 0.1 = 0 (floats: 0.3 % 0.1 = 0.09999999999999998)
    expect(0.3 % 0.1).not.toBe(0);
    expect(isLotMultiple({ lots: lots(0.3), step: lots(0.1) })).toBe(true);
    expect(isLotMultiple({ lots: lots('0.07'), step: lots('0.01') })).toBe(true);
    expect(isLotMultiple({ lots: lots('0.015'), step: lots('0.01') })).toBe(false);
    expect(isLotMultiple({ lots: lots(20), step: lots(10) })).toBe(true);
    expect(isLotMultiple({ lots: lots(25), step: lots(10) })).toBe(false);
  });

  it('at least the minimum', () => {
    expect(isAtLeastMin({ lots: lots('0.01'), min: lots('0.01') })).toBe(true);
    expect(isAtLeastMin({ lots: lots('0.009'), min: lots('0.01') })).toBe(false);
  });

  it('names the first problem of a lot size', () => {
    const pair = { step: lots('0.1'), min: lots('0.1') };
    expect(lotsProblem({ ...pair, lots: lots(0) })).toBe('not_positive');
    expect(lotsProblem({ ...pair, lots: lots('0.05') })).toBe('below_min');
    expect(lotsProblem({ ...pair, lots: lots('0.15') })).toBe('not_multiple');
    expect(lotsProblem({ ...pair, lots: lots('0.3') })).toBeNull();
  });

  it('the stepper plus adds a step, snapping to the grid', () => {
    // 0.2 + 0.1 = 0.3 (floats: 0.30000000000000004)
    expect(nextLots({ lots: lots(0.2), step: lots(0.1) }).toString()).toBe('0.3');
    // 0.01 + 0.01 = 0.02
    expect(nextLots({ lots: lots('0.01'), step: lots('0.01') }).toString()).toBe('0.02');
    // off the grid: floor(0.015 / 0.01) × 0.01 + 0.01 = 0.02
    expect(nextLots({ lots: lots('0.015'), step: lots('0.01') }).toString()).toBe('0.02');
  });

  it('the stepper minus subtracts a step, disabled when lots − step ≤ 0 (docs/product.md §5)', () => {
    // 0.3 − 0.1 = 0.2
    expect(prevLots({ lots: lots('0.3'), step: lots('0.1') })?.toString()).toBe('0.2');
    // 0.02 − 0.01 = 0.01
    expect(prevLots({ lots: lots('0.02'), step: lots('0.01') })?.toString()).toBe('0.01');
    // 0.01 − 0.01 = 0 → disabled
    expect(prevLots({ lots: lots('0.01'), step: lots('0.01') })).toBeNull();
    expect(canDecreaseLots({ lots: lots('0.01'), step: lots('0.01') })).toBe(false);
    expect(canDecreaseLots({ lots: lots('0.02'), step: lots('0.01') })).toBe(true);
    // off the grid: ceil(0.015 / 0.01) × 0.01 − 0.01 = 0.01, and 0.015 − 0.01 > 0
    expect(prevLots({ lots: lots('0.015'), step: lots('0.01') })?.toString()).toBe('0.01');
    expect(canDecreaseLots({ lots: lots('0.015'), step: lots('0.01') })).toBe(true);
    // 0.005 − 0.01 < 0 → disabled
    expect(prevLots({ lots: lots('0.005'), step: lots('0.01') })).toBeNull();
    expect(canDecreaseLots({ lots: lots('0.005'), step: lots('0.01') })).toBe(false);
  });

  it('rejects a step that is not > 0', () => {
    expect(() => nextLots({ lots: lots(1), step: lots(0) })).toThrow(RangeError);
    expect(() => isLotMultiple({ lots: lots(1), step: lots(-0.01) })).toThrow(RangeError);
  });
});
