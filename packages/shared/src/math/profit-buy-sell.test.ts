import { describe, expect, it } from 'vitest';
import { closePriceFor, openPriceFor, positionProfit } from './profit.js';
import { lots, price } from './units.js';

const eurusd = { contractSize: '100000', quoteToUsd: 1 };

describe('profit of a buy and a sell (EURUSD)', () => {
  it('a buy opens at the ask and closes at the bid', () => {
    expect(openPriceFor({ side: 'buy', bid: price('1.08340'), ask: price('1.08350') }).toString()).toBe(
      '1.0835',
    );
    expect(closePriceFor({ side: 1, bid: price('1.08500'), ask: price('1.08510') }).toString()).toBe('1.085');
    // (1.08500 − 1.08350) × 1 × 100000 = 0.0015 × 100000 = 150
    const profit = positionProfit({
      ...eurusd,
      side: 'buy',
      openPrice: price('1.08350'),
      closePrice: price('1.08500'),
      lots: lots(1),
    });
    expect(profit.toString()).toBe('150');
  });

  it('a sell opens at the bid and closes at the ask', () => {
    expect(openPriceFor({ side: 2, bid: price('1.08340'), ask: price('1.08350') }).toString()).toBe('1.0834');
    expect(closePriceFor({ side: 'sell', bid: price('1.08200'), ask: price('1.08210') }).toString()).toBe(
      '1.0821',
    );
    // (1.08340 − 1.08210) × 0.5 × 100000 = 0.0013 × 50000 = 65
    const profit = positionProfit({
      ...eurusd,
      side: 2,
      openPrice: price('1.08340'),
      closePrice: price('1.08210'),
      lots: lots('0.5'),
    });
    expect(profit.toString()).toBe('65');
  });

  it('rejects an unknown side', () => {
    const bad = {
      ...eurusd,
      side: 3 as unknown as 1,
      openPrice: price(1),
      closePrice: price(1),
      lots: lots(1),
    };
    expect(() => positionProfit(bad)).toThrow(RangeError);
  });
});
