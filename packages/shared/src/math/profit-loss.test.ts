import { describe, expect, it } from 'vitest';
import { positionProfit } from './profit.js';
import { lots, price } from './units.js';

describe('a losing position', () => {
  it('a buy closed below its open price (EURUSD 0.1 lots)', () => {
    // (1.08210 − 1.08350) × 0.1 × 100000 = −0.0014 × 10000 = −14
    const profit = positionProfit({
      side: 'buy',
      openPrice: price('1.08350'),
      closePrice: price('1.08210'),
      lots: lots('0.1'),
      contractSize: '100000',
      quoteToUsd: 1,
    });
    expect(profit.toString()).toBe('-14');
  });

  it('a sell closed above its open price (XAUUSD 0.02 lots, 100 oz)', () => {
    // (4085.10 − 4090.37) × 0.02 × 100 = −5.27 × 2 = −10.54
    const profit = positionProfit({
      side: 'sell',
      openPrice: price('4085.10'),
      closePrice: price('4090.37'),
      lots: lots('0.02'),
      contractSize: '100',
      quoteToUsd: 1,
    });
    expect(profit.toString()).toBe('-10.54');
  });
});
