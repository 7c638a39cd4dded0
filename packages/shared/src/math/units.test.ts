import { describe, expect, it } from 'vitest';
import { fromMicros, toMicros } from './money.js';
import { priceToPoints } from './rounding.js';
import { microUsd, type MicroUsd } from './units.js';

/**
 * The units are types: these lines compile only while mixing them is refused (typecheck runs
 * the test files too, and an `@ts-expect-error` that no longer finds its error fails it).
 */
describe('units as types', () => {
  it('takes micro-USD only where micro-USD is meant', () => {
    // @ts-expect-error a bare number carries no unit
    expect(fromMicros(5).toString()).toBe('0.000005');
    // @ts-expect-error a price in points is not money
    expect(fromMicros(priceToPoints('0.00005', 5)).toString()).toBe('0.000005');
    const fee: MicroUsd = toMicros('1.25');
    expect(fromMicros(fee).toString()).toBe('1.25');
    expect(fromMicros(microUsd(fee + fee)).toString()).toBe('2.5');
  });

  it('costs nothing at run time: a branded value is the same number', () => {
    expect(microUsd(1_250_000)).toBe(1_250_000);
  });
});
