import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dec } from './decimal.js';
import { splitAmount, splitCharges, splitLots } from './position-split.js';
import { lots, microUsd } from './units.js';

/** Lots as the engine holds them: whole 1/10,000 lots, 0.0001 to 1,000. */
const lotUnits = fc.integer({ min: 2, max: 10_000_000 });
const asText = (units: number) => new Dec(units).div(10_000).toFixed();
/** A position's volume and a part strictly inside it. */
const volumes = lotUnits.chain((total) =>
  fc
    .integer({ min: 1, max: total - 1 })
    .map((part) => ({ lots: lots(asText(total)), part: lots(asText(part)) })),
);
/** Micro-USD as stored: up to ±10^15 (a billion dollars). */
const amounts = fc.integer({ min: -1_000_000_000_000_000, max: 1_000_000_000_000_000 });

describe('splitLots', () => {
  it('leaves the exact rest, as canonical text', () => {
    expect(splitLots({ lots: lots('0.30'), part: lots('0.1') })).toEqual({ part: '0.1', rest: '0.2' });
    expect(splitLots({ lots: lots('1'), part: lots('0.0001') })).toEqual({ part: '0.0001', rest: '0.9999' });
    expect(splitLots({ lots: lots(2.5), part: lots('0.5') })).toEqual({ part: '0.5', rest: '2' });
  });

  it('refuses a part that is not strictly inside the position', () => {
    for (const part of ['0', '0.3', '0.4', '-0.1'])
      expect(() => splitLots({ lots: lots('0.3'), part: lots(part) })).toThrow(RangeError);
  });

  it('conserves the volume', () => {
    fc.assert(
      fc.property(volumes, (v) => {
        const { part, rest } = splitLots(v);
        expect(new Dec(part).plus(rest).eq(v.lots)).toBe(true);
        expect(new Dec(rest).gt(0)).toBe(true);
      }),
    );
  });
});

describe('splitAmount', () => {
  it('gives the part the floor of its share and the rest what is left', () => {
    // 875.30 USD of margin, a third of the lots closed: 291.766666… → 291.766666.
    expect(splitAmount(microUsd(875_300_000), { lots: lots('0.3'), part: lots('0.1') })).toEqual({
      part: 291_766_666,
      rest: 583_533_334,
    });
    // Half of an odd micro-amount: the part rounds down, the rest keeps the extra micro.
    expect(splitAmount(microUsd(3), { lots: lots('0.2'), part: lots('0.1') })).toEqual({ part: 1, rest: 2 });
    expect(splitAmount(microUsd(0), { lots: lots('0.2'), part: lots('0.1') })).toEqual({ part: 0, rest: 0 });
  });

  it('keeps a negative amount (financing charged) negative in both parts', () => {
    expect(splitAmount(microUsd(-1_000_001), { lots: lots('3'), part: lots('1') })).toEqual({
      part: -333_333,
      rest: -666_668,
    });
  });

  it('refuses a part outside the position and an amount that is not integer micro-USD', () => {
    expect(() => splitAmount(microUsd(10), { lots: lots('0.1'), part: lots('0.1') })).toThrow(RangeError);
    expect(() => splitAmount(microUsd(10), { lots: lots('0.1'), part: lots('0.2') })).toThrow(RangeError);
    expect(() => splitAmount(microUsd(1.5), { lots: lots('0.2'), part: lots('0.1') })).toThrow(RangeError);
  });

  it('conserves the sum, never flips a sign and stays within one micro of the exact share', () => {
    fc.assert(
      fc.property(volumes, amounts, (v, amount) => {
        const { part, rest } = splitAmount(microUsd(amount), v);
        expect(Number.isSafeInteger(part) && Number.isSafeInteger(rest)).toBe(true);
        expect(part + rest).toBe(amount);
        if (amount >= 0) {
          expect(part).toBeGreaterThanOrEqual(0);
          expect(rest).toBeGreaterThanOrEqual(0);
        } else {
          expect(part).toBeLessThanOrEqual(0);
          expect(rest).toBeLessThanOrEqual(0);
        }
        const exact = new Dec(amount).mul(v.part).div(v.lots);
        expect(exact.minus(part).abs().lt(1)).toBe(true);
        // Floor of the magnitude: the part never takes more than its share.
        expect(new Dec(Math.abs(part)).lte(exact.abs())).toBe(true);
      }),
      { numRuns: 2_000 },
    );
  });
});

describe('splitCharges', () => {
  it('splits every amount under its own name, each summing exactly', () => {
    const charges = {
      margin: microUsd(875_300_000),
      fee: microUsd(2_000_000),
      commission: microUsd(350_001),
      spread_open: microUsd(3_000_000),
      swap: microUsd(-129_999),
    };
    const { part, rest } = splitCharges(charges, { lots: lots('0.3'), part: lots('0.2') });
    for (const key of Object.keys(charges) as (keyof typeof charges)[])
      expect(part[key] + rest[key]).toBe(charges[key]);
    expect(part).toEqual({
      margin: 583_533_333,
      fee: 1_333_333,
      commission: 233_334,
      spread_open: 2_000_000,
      swap: -86_666,
    });
  });
});
