import { describe, expect, it } from 'vitest';
import { Dec } from './decimal.js';
import { positionProfit } from './profit.js';
import { lots, price } from './units.js';

// Rounding is done once, on the exact value, half away from zero at 6 decimals.

describe('profit rounding where floats would be wrong', () => {
  it('GER40 buy 0.1 lots, 23400.5 → 23400.6, EURUSD 1.08345: 0.0108345 rounds up', () => {
    // (23400.6 − 23400.5) × 0.1 × 1 × 1.08345 = 0.01 × 1.08345 = 0.0108345 → 0.010835
    // As floats: (23400.6 − 23400.5) = 0.09999999999854481, giving 0.0108344999998… → 0.010834.
    const floats = Math.round((23400.6 - 23400.5) * 0.1 * 1.08345 * 1e6) / 1e6;
    expect(floats).toBe(0.010834);
    const profit = positionProfit({
      side: 'buy',
      openPrice: price(23400.5),
      closePrice: price(23400.6),
      lots: lots(0.1),
      contractSize: 1,
      quoteToUsd: 1.08345,
    });
    expect(profit.toString()).toBe('0.010835');
  });

  it('the same move as a loss rounds half away from zero', () => {
    // (23400.5 − 23400.6) × 0.1 × 1.08345 = −0.0108345 → −0.010835
    const profit = positionProfit({
      side: 'buy',
      openPrice: price('23400.6'),
      closePrice: price('23400.5'),
      lots: lots('0.1'),
      contractSize: '1',
      quoteToUsd: '1.08345',
    });
    expect(profit.toString()).toBe('-0.010835');
  });

  it('EURUSD buy 1 lot 1.1 → 1.3: exactly 20000', () => {
    // (1.3 − 1.1) × 100000 = 0.2 × 100000 = 20000; floats give 19999.999999999996
    expect((1.3 - 1.1) * 100000).toBe(19999.999999999996);
    const profit = positionProfit({
      side: 'buy',
      openPrice: price(1.1),
      closePrice: price(1.3),
      lots: lots(1),
      contractSize: 100000,
      quoteToUsd: 1,
    });
    expect(profit.toString()).toBe('20000');
  });

  it('a one-point yen profit at the minimum lot: 3 JPY / 155.2', () => {
    // (155.213 − 155.210) × 0.01 × 100000 = 0.003 × 1000 = 3 JPY;
    // 3 × (1 / 155.2) = 0.0193298969… → 0.01933
    const profit = positionProfit({
      side: 'buy',
      openPrice: price('155.210'),
      closePrice: price('155.213'),
      lots: lots('0.01'),
      contractSize: '100000',
      quoteToUsd: new Dec(1).div('155.2'),
    });
    expect(profit.toString()).toBe('0.01933');
  });
});
