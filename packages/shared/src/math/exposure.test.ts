import { describe, expect, it } from 'vitest';
import { aggregateProfit } from './exposure.js';
import { positionProfit } from './profit.js';
import { lots, price } from './units.js';

describe('aggregate floating profit', () => {
  it('equals the sum of the positions it sums up', () => {
    // Two EURUSD buys and one sell: 0.5 @ 1.08345, 1.2 @ 1.08410 buys (Σ open × lots =
    // 0.541725 + 1.30092 = 1.842645); 0.3 @ 1.08500 sell (0.3255).
    // At bid 1.08600 / ask 1.08612:
    //   buys  (1.08600 − 1.08345) × 0.5 × 100000 = 127.5; (1.08600 − 1.08410) × 1.2 × 100000 = 228
    //   sell  (1.08500 − 1.08612) × 0.3 × 100000 = −33.6          total 321.9
    const total = aggregateProfit({
      buyLots: lots('1.7'),
      buyOpenLots: '1.842645',
      sellLots: lots('0.3'),
      sellOpenLots: '0.3255',
      bid: price('1.086'),
      ask: price('1.08612'),
      contractSize: 100000,
      quoteToUsd: 1,
    });
    expect(total.toString()).toBe('321.9');
    const each = [
      positionProfit({
        side: 'buy',
        openPrice: price('1.08345'),
        closePrice: price('1.086'),
        lots: lots('0.5'),
        contractSize: 100000,
        quoteToUsd: 1,
      }),
      positionProfit({
        side: 'buy',
        openPrice: price('1.0841'),
        closePrice: price('1.086'),
        lots: lots('1.2'),
        contractSize: 100000,
        quoteToUsd: 1,
      }),
      positionProfit({
        side: 'sell',
        openPrice: price('1.085'),
        closePrice: price('1.08612'),
        lots: lots('0.3'),
        contractSize: 100000,
        quoteToUsd: 1,
      }),
    ];
    expect(each.reduce((a, b) => a.plus(b)).toString()).toBe(total.toString());
  });

  it('converts a yen-quoted exposure to USD', () => {
    // USDJPY buy 1 lot @ 155.200, bid 155.800: 0.6 × 100000 = 60000 JPY; ÷ 155.8 → 385.109114… USD
    const usd = aggregateProfit({
      buyLots: lots(1),
      buyOpenLots: '155.2',
      sellLots: lots(0),
      sellOpenLots: 0,
      bid: price('155.8'),
      ask: price('155.814'),
      contractSize: 100000,
      quoteToUsd: '0.0064184852374839537869',
    });
    expect(usd.toFixed(6)).toBe('385.109114');
  });
});
