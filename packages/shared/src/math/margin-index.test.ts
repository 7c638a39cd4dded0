import { describe, expect, it } from 'vitest';
import { marginRequired } from './margin.js';
import { instrumentRates } from './rates.js';
import { type BidAsk } from './side.js';
import { lots, price } from './units.js';

// Index CFDs: contract 1, the index is the base and its currency the quote, so
// baseToUsd = index price × quote→USD.
const index = { contractSize: '1', marginMode: 0 };
const book: Record<string, BidAsk> = {
  EURUSD: { bid: price('1.08340'), ask: price('1.08350') }, // mid 1.08345
  USDJPY: { bid: price('155.190'), ask: price('155.210') }, // mid 155.2
};
const quotes = (code: string) => book[code];

describe('margin of an index CFD', () => {
  it('GER40 (in EUR) 0.5 lots at 23400.5, leverage 20', () => {
    const rates = instrumentRates({ base: 'GER40', quote: 'EUR', price: price('23400.5'), quotes })!;
    // baseToUsd = 23400.5 × 1.08345 = 25353.271725
    expect(rates.baseToUsd.toString()).toBe('25353.271725');
    // 0.5 × 1 × 25353.271725 / 20 = 633.831793125 → 633.831793
    const margin = marginRequired({ ...index, lots: lots('0.5'), leverage: 20, baseToUsd: rates.baseToUsd });
    expect(margin.toString()).toBe('633.831793');
  });

  it('JPN225 (in JPY) 1 lot at 49800, leverage 50', () => {
    const rates = instrumentRates({ base: 'JPN225', quote: 'JPY', price: price('49800'), quotes })!;
    // 1 × 1 × 49800 / 155.2 / 50 = 996 / 155.2 = 6.41752577… → 6.417526
    const margin = marginRequired({ ...index, lots: lots(1), leverage: 50, baseToUsd: rates.baseToUsd });
    expect(margin.toString()).toBe('6.417526');
  });

  it('US30 (in USD) 0.1 lots at 47250.5, leverage 100', () => {
    // 0.1 × 1 × 47250.5 / 100 = 47.2505
    expect(
      marginRequired({ ...index, lots: lots('0.1'), leverage: 100, baseToUsd: '47250.5' }).toString(),
    ).toBe('47.2505');
  });
});
