import { describe, expect, it } from 'vitest';
import { maxAffordableLots, orderCost } from './affordable.js';
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
