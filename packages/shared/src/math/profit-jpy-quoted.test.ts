import { describe, expect, it } from 'vitest';
import { positionProfit } from './profit.js';
import { usdPerUnit } from './rates.js';
import { lots, price } from './units.js';

/** A quote book holding only USDJPY. */
const usdjpy = (bid: string, ask: string) => (code: string) =>
  code === 'USDJPY' ? { bid: price(bid), ask: price(ask) } : undefined;

// Profit is made in the quote currency (JPY) and converted at the current quote→USD rate.
const lot = { contractSize: '100000' };

describe('profit of a yen-quoted position, converted to USD', () => {
  it('USDJPY buy 1 lot 155.210 → 155.850, USDJPY mid 160', () => {
    const quoteToUsd = usdPerUnit({ currency: 'JPY', quotes: usdjpy('159.99', '160.01') })!;
    // (155.850 − 155.210) × 1 × 100000 = 64000 JPY; × 1/160 = 400
    const profit = positionProfit({
      ...lot,
      side: 'buy',
      openPrice: price('155.210'),
      closePrice: price('155.850'),
      lots: lots(1),
      quoteToUsd,
    });
    expect(profit.toString()).toBe('400');
  });

  it('USDJPY buy 1 lot, converted at the closing mid 155.86', () => {
    const quoteToUsd = usdPerUnit({ currency: 'JPY', quotes: usdjpy('155.850', '155.870') })!;
    // 64000 / 155.86 = 410.62491979… → 410.624920
    const profit = positionProfit({
      ...lot,
      side: 1,
      openPrice: price('155.210'),
      closePrice: price('155.850'),
      lots: lots(1),
      quoteToUsd,
    });
    expect(profit.toString()).toBe('410.62492');
  });

  it('EURJPY sell 0.3 lots 168.140 → 167.652, USDJPY mid 155.2', () => {
    const quoteToUsd = usdPerUnit({ currency: 'JPY', quotes: usdjpy('155.190', '155.210') })!;
    // (168.140 − 167.652) × 0.3 × 100000 = 0.488 × 30000 = 14640 JPY; / 155.2 = 94.32989690… → 94.329897
    const profit = positionProfit({
      ...lot,
      side: 'sell',
      openPrice: price('168.140'),
      closePrice: price('167.652'),
      lots: lots('0.3'),
      quoteToUsd,
    });
    expect(profit.toString()).toBe('94.329897');
  });
});
