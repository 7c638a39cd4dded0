import { describe, expect, it } from 'vitest';
import { sparklinePaths } from './sparkline-path';

describe('sparklinePaths', () => {
  it('scales time across the width and price into the padded height', () => {
    const p = sparklinePaths([1, 3, 2], 40, 20, 2)!;
    // lowest close at the bottom edge minus the pad, highest at the top plus the pad
    expect(p.line).toBe('M0,18L20,2L40,10');
    expect(p.area).toBe('M0,18L20,2L40,10L40,20L0,20Z');
    expect(p.trend).toBe('up');
  });

  it('colours by the last point against the first', () => {
    expect(sparklinePaths([5, 9, 4], 10, 10)!.trend).toBe('down');
    expect(sparklinePaths([5, 1, 5], 10, 10)!.trend).toBe('flat');
  });

  it('draws a flat series through the middle', () => {
    expect(sparklinePaths([7, 7, 7], 10, 10)!.line).toBe('M0,5L5,5L10,5');
  });

  it('needs two finite points', () => {
    expect(sparklinePaths([], 10, 10)).toBeNull();
    expect(sparklinePaths([1, Number.NaN], 10, 10)).toBeNull();
  });
});
