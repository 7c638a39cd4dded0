import { describe, expect, it } from 'vitest';
import { marginRequired } from './margin.js';
import { instrumentRates, usdPerUnit } from './rates.js';
import { type BidAsk } from './side.js';
import { lots, price } from './units.js';

// A cross converts its base to USD at the moment's rate: baseToUsd = price × quoteToUsd,
// here EURJPY × (1 / USDJPY). Crosses are priced from their USD legs, so that is EURUSD.
const leveraged = { contractSize: '100000', marginMode: 0 };

describe('margin of a cross pair (EURJPY)', () => {
  it('equals the margin at the EURUSD rate when EURJPY matches its legs', () => {
    const book: Record<string, BidAsk> = {
      EURUSD: { bid: price('1.07995'), ask: price('1.08005') }, // mid 1.08
      USDJPY: { bid: price('149.99'), ask: price('150.01') }, // mid 150
    };
    const quotes = (code: string) => book[code];
    // EURJPY 162.000 = 1.08 × 150
    const rates = instrumentRates({ base: 'EUR', quote: 'JPY', price: price('162.000'), quotes })!;
    // 0.5 × 100000 × (162 / 150) / 200 = 50000 × 1.08 / 200 = 270
    const viaCross = marginRequired({
      ...leveraged,
      lots: lots('0.5'),
      leverage: 200,
      baseToUsd: rates.baseToUsd,
    });
    expect(viaCross.toString()).toBe('270');
    const eurusd = usdPerUnit({ currency: 'EUR', quotes })!;
    expect(eurusd.toString()).toBe('1.08');
    const viaEurusd = marginRequired({ ...leveraged, lots: lots('0.5'), leverage: 200, baseToUsd: eurusd });
    expect(viaEurusd.toString()).toBe('270');
  });

  it('EURJPY 1 lot bought at 168.152 with USDJPY mid 155.2, leverage 100', () => {
    const book: Record<string, BidAsk> = {
      EURUSD: { bid: price('1.08340'), ask: price('1.08350') },
      USDJPY: { bid: price('155.190'), ask: price('155.210') }, // mid 155.2
    };
    const rates = instrumentRates({
      base: 'EUR',
      quote: 'JPY',
      price: price('168.152'),
      quotes: (c) => book[c],
    })!;
    // 1 × 100000 × 168.152 / 155.2 / 100 = 168152 / 155.2 = 1083.45360824… → 1083.453608
    const margin = marginRequired({ ...leveraged, lots: lots(1), leverage: 100, baseToUsd: rates.baseToUsd });
    expect(margin.toString()).toBe('1083.453608');
  });
});
