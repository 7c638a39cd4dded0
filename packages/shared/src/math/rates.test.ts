import { describe, expect, it } from 'vitest';
import { baseToUsd, instrumentRates, type QuoteLookup, usdPerUnit } from './rates.js';
import { type BidAsk } from './side.js';
import { price } from './units.js';

const book: Record<string, BidAsk> = {
  EURUSD: { bid: price(1.0834), ask: price(1.0835) }, // mid (1.0834 + 1.0835) / 2 = 1.08345
  USDJPY: { bid: price(159.99), ask: price(160.01) }, // mid 160
  XAUUSD: { bid: price('4085.10'), ask: price('4085.40') }, // mid 4085.25
  USDCHF: { bid: price(0), ask: price(0) }, // a broken quote
};
const quotes: QuoteLookup = (code) => book[code];

describe('usdPerUnit: USD value of one unit of a currency', () => {
  it('USD is 1', () => {
    expect(usdPerUnit({ currency: 'USD', quotes })!.toString()).toBe('1');
  });

  it('XXX with an XXXUSD quote reads its mid by default, or the side asked for', () => {
    expect(usdPerUnit({ currency: 'EUR', quotes })!.toString()).toBe('1.08345');
    expect(usdPerUnit({ currency: 'eur', quotes })!.toString()).toBe('1.08345');
    expect(usdPerUnit({ currency: 'EUR', quotes, side: 'bid' })!.toString()).toBe('1.0834');
    expect(usdPerUnit({ currency: 'EUR', quotes, side: 'ask' })!.toString()).toBe('1.0835');
    expect(usdPerUnit({ currency: 'XAU', quotes })!.toString()).toBe('4085.25');
  });

  it('XXX with a USDXXX quote is 1 / its mid (or side)', () => {
    // 1 / 160 = 0.00625
    expect(usdPerUnit({ currency: 'JPY', quotes })!.toString()).toBe('0.00625');
    // 1 / 159.99 to 40 significant digits
    expect(usdPerUnit({ currency: 'JPY', quotes, side: 'bid' })!.toFixed(12)).toBe('0.006250390649');
  });

  it('is undefined with no quote, or a quote that is not > 0', () => {
    expect(usdPerUnit({ currency: 'GBP', quotes })).toBeUndefined();
    expect(usdPerUnit({ currency: 'CHF', quotes })).toBeUndefined();
  });
});

describe('baseToUsd and instrumentRates', () => {
  it('base USD is exactly 1 whatever the price', () => {
    expect(baseToUsd({ base: 'USD', price: price('155.21'), quoteToUsd: '0.00625' }).toString()).toBe('1');
  });

  it('otherwise price × quoteToUsd', () => {
    // GER40 at 23400.5 EUR × 1.08345 = 25353.271725
    expect(baseToUsd({ base: 'GER40', price: price('23400.5'), quoteToUsd: '1.08345' }).toString()).toBe(
      '25353.271725',
    );
  });

  it('gives both rates of an instrument from the quotes', () => {
    const eurusd = instrumentRates({ base: 'EUR', quote: 'USD', price: price('1.0835'), quotes })!;
    expect([eurusd.baseToUsd.toString(), eurusd.quoteToUsd.toString()]).toEqual(['1.0835', '1']);
    const usdjpy = instrumentRates({ base: 'USD', quote: 'JPY', price: price('160.01'), quotes })!;
    expect([usdjpy.baseToUsd.toString(), usdjpy.quoteToUsd.toString()]).toEqual(['1', '0.00625']);
    // EURJPY at 170.5: 170.5 × 0.00625 = 1.065625
    const eurjpy = instrumentRates({ base: 'EUR', quote: 'JPY', price: price('170.5'), quotes })!;
    expect(eurjpy.baseToUsd.toString()).toBe('1.065625');
    expect(instrumentRates({ base: 'UK100', quote: 'GBP', price: price(9610), quotes })).toBeUndefined();
  });
});
