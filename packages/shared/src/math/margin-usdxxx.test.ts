import { describe, expect, it } from 'vitest';
import { marginRequired } from './margin.js';
import { baseToUsd } from './rates.js';
import { lots, price } from './units.js';

// USD/XXX: the base is the account currency, so baseToUsd = 1 and
// margin = lots × ForexContNum / leverage, whatever the price.
const leveraged = { contractSize: '100000', marginMode: 0 };

describe('margin of a USD/XXX pair', () => {
  it('USDJPY 0.2 lots at 155.210, leverage 100', () => {
    const rate = baseToUsd({ base: 'USD', price: price('155.210'), quoteToUsd: '0.0064' });
    expect(rate.toString()).toBe('1');
    // 0.2 × 100000 × 1 / 100 = 200
    const margin = marginRequired({ ...leveraged, lots: lots('0.2'), leverage: 100, baseToUsd: rate });
    expect(margin.toString()).toBe('200');
  });

  it('USDCHF 1.5 lots, leverage 500', () => {
    // 1.5 × 100000 / 500 = 300
    expect(marginRequired({ ...leveraged, lots: lots('1.5'), leverage: 500, baseToUsd: 1 }).toString()).toBe(
      '300',
    );
  });

  it('USDCAD 0.37 lots, leverage 200', () => {
    // 0.37 × 100000 / 200 = 37000 / 200 = 185
    expect(marginRequired({ ...leveraged, lots: lots('0.37'), leverage: 200, baseToUsd: 1 }).toString()).toBe(
      '185',
    );
  });

  it('rounds to 6 decimals: USDJPY 0.01 lots, leverage 300', () => {
    // 0.01 × 100000 / 300 = 3.3333… → 3.333333
    expect(marginRequired({ ...leveraged, lots: lots('0.01'), leverage: 300, baseToUsd: 1 }).toString()).toBe(
      '3.333333',
    );
  });
});
