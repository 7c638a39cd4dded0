import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CommissionTerms } from '../domain/trading-groups.js';
import { maxAffordableLots, orderCost } from './affordable.js';
import { Dec } from './decimal.js';
import { lots } from './units.js';

/** BTCUSD as seeded: 1 coin a lot, leverage 10, fee 20 USD per lot, at 87,530. */
const btc = {
  contractSize: 1,
  marginMode: 2,
  leverage: 10,
  baseToUsd: 87_530,
  tradeFeeType: 1,
  feeRate: 20,
} as const;

describe('orderCost', () => {
  it('is margin + fee of the shared math', () => {
    // Margin 0.1 × 87,530 / 10 = 875.3; fee 0.1 × 20 = 2.
    expect(orderCost({ lots: lots('0.1'), ...btc }).toString()).toBe('877.3');
    // Fee as a share of margin: 875.3 × 0.001 = 0.8753.
    expect(orderCost({ lots: lots('0.1'), ...btc, tradeFeeType: 2, feeRate: '0.001' }).toString()).toBe(
      '876.1753',
    );
  });
});

describe('maxAffordableLots', () => {
  it('rounds down to the lot step what free margin affords', () => {
    // One lot costs 8,753 + 20 = 8,773: 10,000 affords 1.13 lots (1.14 would cost 10,001.22).
    const most = maxAffordableLots({ freeMargin: 10_000, step: lots('0.01'), min: lots('0.01'), ...btc });
    expect(most.toString()).toBe('1.13');
    expect(orderCost({ lots: most, ...btc }).lte(10_000)).toBe(true);
    expect(orderCost({ lots: most.plus('0.01'), ...btc }).gt(10_000)).toBe(true);
  });

  it('affords exactly the free margin when it matches to the cent', () => {
    // 0.5 lots cost 4,376.5 + 10 = 4,386.5.
    expect(
      maxAffordableLots({ freeMargin: '4386.5', step: lots('0.01'), min: lots('0.01'), ...btc }).toString(),
    ).toBe('0.5');
    expect(
      maxAffordableLots({ freeMargin: '4386.49', step: lots('0.01'), min: lots('0.01'), ...btc }).toString(),
    ).toBe('0.49');
  });

  it('is 0 when not even the minimum is affordable, or free margin is gone', () => {
    expect(
      maxAffordableLots({ freeMargin: 80, step: lots('0.01'), min: lots('0.01'), ...btc }).toString(),
    ).toBe('0');
    expect(
      maxAffordableLots({ freeMargin: 5_000, step: lots('0.1'), min: lots('1'), ...btc }).toString(),
    ).toBe('0');
    expect(
      maxAffordableLots({ freeMargin: -12, step: lots('0.01'), min: lots('0.01'), ...btc }).toString(),
    ).toBe('0');
    expect(
      maxAffordableLots({ freeMargin: 0, step: lots('0.01'), min: lots('0.01'), ...btc }).toString(),
    ).toBe('0');
  });

  it('uses the fixed margin per lot and keeps to the cap', () => {
    // Fixed mode: margin = lots × 1,000 (leverage unread); fee 7 a lot → 1,007 a lot.
    const fixed = { ...btc, contractSize: 1_000, marginMode: 1, leverage: 1, feeRate: 7 };
    expect(
      maxAffordableLots({ freeMargin: 10_000, step: lots('0.1'), min: lots('0.1'), ...fixed }).toString(),
    ).toBe('9.9');
    expect(
      maxAffordableLots({
        freeMargin: 1e9,
        step: lots('0.01'),
        min: lots('0.01'),
        max: lots(1_000),
        ...fixed,
      }).toString(),
    ).toBe('1000');
  });

  it('agrees with the exact cost on awkward steps and rates', () => {
    // EURUSD-like: 100,000 units, leverage 500, at 1.15813; fee a share of margin.
    const eur = {
      contractSize: 100_000,
      marginMode: 2,
      leverage: 500,
      baseToUsd: '1.15813',
      tradeFeeType: 2,
      feeRate: '0.0015',
    };
    for (const free of ['231.97', '10000', '12345.678901', '0.5']) {
      const most = maxAffordableLots({ freeMargin: free, step: lots('0.01'), min: lots('0.01'), ...eur });
      if (most.isZero()) {
        expect(orderCost({ lots: lots('0.01'), ...eur }).gt(free)).toBe(true);
        continue;
      }
      expect(orderCost({ lots: most, ...eur }).lte(free)).toBe(true);
      expect(orderCost({ lots: most.plus('0.01'), ...eur }).gt(free)).toBe(true);
    }
  });
});

describe('maxAffordableLots with a commission (docs/trading-groups.md)', () => {
  it("counts the open's commission in the cost: 9,921 affords 1.12 BTC lots at 7 a lot, not 1.13", () => {
    const perLot: CommissionTerms = { type: 'per_lot', rate: '7', min: '0' };
    // One lot costs 8,753 + 20 + 7 = 8,780; 1.13 lots cost 9,890.89 + 22.6 + 7.91 = 9,921.4.
    expect(orderCost({ lots: lots(1), ...btc, commission: perLot }).toString()).toBe('8780');
    const most = maxAffordableLots({
      freeMargin: 10_000,
      step: lots('0.01'),
      min: lots('0.01'),
      ...btc,
      commission: perLot,
    });
    expect(most.toString()).toBe('1.13');
    const tight = maxAffordableLots({
      freeMargin: 9_921,
      step: lots('0.01'),
      min: lots('0.01'),
      ...btc,
      commission: perLot,
    });
    // 1.13 lots: 9,890.89 + 22.6 + 7.91 = 9,921.4 > 9,921; 1.12: 9,803.36 + 22.4 + 7.84 = 9,833.6.
    expect(tight.toString()).toBe('1.12');
  });

  it('finds the answer however far a minimum commission puts the first guess', () => {
    // A minimum of 50 a side on cheap lots: one lot costs 1,007 + 50, 0.01 lots 10.07 + 50.
    const fixed = { ...btc, contractSize: 1_000, marginMode: 1, leverage: 1, feeRate: 7 };
    const commission: CommissionTerms = { type: 'per_lot', rate: '1', min: '50' };
    // 60.14 affords 0.01 lots only (60.07); the cost of one lot guessed 0.05.
    expect(
      maxAffordableLots({
        freeMargin: '60.14',
        step: lots('0.01'),
        min: lots('0.01'),
        ...fixed,
        commission,
      }).toString(),
    ).toBe('0.01');
    expect(
      maxAffordableLots({
        freeMargin: '60.06',
        step: lots('0.01'),
        min: lots('0.01'),
        ...fixed,
        commission,
      }).toString(),
    ).toBe('0');
  });

  it('equals the largest count a scan of every step affords (property)', () => {
    const terms = fc.record({
      type: fc.constantFrom<CommissionTerms['type'][]>('none', 'per_lot', 'per_million'),
      rate: fc.integer({ min: 0, max: 5_000 }).map((n) => (n / 100).toString()),
      min: fc.integer({ min: 0, max: 20_000 }).map((n) => (n / 100).toString()),
    });
    fc.assert(
      fc.property(
        terms,
        fc.integer({ min: 1, max: 300_000 }).map((n) => (n / 10).toString()),
        fc.constantFrom('0.01', '0.1', '1'),
        fc.integer({ min: 1, max: 500 }),
        (commission, free, step, leverage) => {
          const pair = { ...btc, leverage, commission };
          const s = new Dec(step);
          // Every count up to 400 steps, in order: the last one free margin covers.
          let expected = new Dec(0);
          for (let n = 1; n <= 400; n++) {
            if (orderCost({ lots: s.mul(n), ...pair }).gt(free)) break;
            expected = s.mul(n);
          }
          const max = s.mul(400);
          const most = maxAffordableLots({
            freeMargin: free,
            step: lots(step),
            min: lots(step),
            max: lots(max.toString()),
            ...pair,
          });
          expect(most.toString()).toBe(expected.toString());
        },
      ),
      { numRuns: 300 },
    );
  });
});
