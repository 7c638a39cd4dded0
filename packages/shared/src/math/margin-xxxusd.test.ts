import { describe, expect, it } from 'vitest';
import { marginRequired } from './margin.js';
import { instrumentRates } from './rates.js';
import { lots, price } from './units.js';

// XXX/USD: baseToUsd is the fill price, so margin = lots × ForexContNum × OriginPrice / leverage.
const leveraged = { contractSize: '100000', marginMode: 0 };

describe('margin of an XXX/USD pair', () => {
  it('EURUSD 0.5 lots at 1.08345, leverage 100', () => {
    // 0.5 × 100000 × 1.08345 / 100 = 54172.5 / 100 = 541.725
    const margin = marginRequired({ ...leveraged, lots: lots('0.5'), leverage: 100, baseToUsd: '1.08345' });
    expect(margin.toString()).toBe('541.725');
  });

  it('takes the fill price through instrumentRates (buy fills at the ask)', () => {
    const quotes = (code: string) =>
      code === 'EURUSD' ? { bid: price(1.08335), ask: price(1.08345) } : undefined;
    const rates = instrumentRates({ base: 'EUR', quote: 'USD', price: price(1.08345), quotes })!;
    const margin = marginRequired({
      ...leveraged,
      lots: lots(0.5),
      leverage: 100,
      baseToUsd: rates.baseToUsd,
    });
    expect(margin.toString()).toBe('541.725');
  });

  it('EURUSD 0.01 lots at 1.08347, leverage 500', () => {
    // 0.01 × 100000 × 1.08347 / 500 = 1083.47 / 500 = 2.16694
    const margin = marginRequired({ ...leveraged, lots: lots('0.01'), leverage: 500, baseToUsd: '1.08347' });
    expect(margin.toString()).toBe('2.16694');
  });

  it('rounds to 6 decimals: GBPUSD 0.07 lots at 1.31257, leverage 300', () => {
    // 0.07 × 100000 × 1.31257 / 300 = 9187.99 / 300 = 30.62663333… → 30.626633
    const margin = marginRequired({ ...leveraged, lots: lots('0.07'), leverage: 300, baseToUsd: '1.31257' });
    expect(margin.toString()).toBe('30.626633');
  });

  it('rejects lots or leverage that are not > 0', () => {
    const ok = { ...leveraged, lots: lots('0.5'), leverage: 100, baseToUsd: '1.08345' };
    expect(() => marginRequired({ ...ok, lots: lots(0) })).toThrow(RangeError);
    expect(() => marginRequired({ ...ok, lots: lots('-0.01') })).toThrow(RangeError);
    expect(() => marginRequired({ ...ok, leverage: 0 })).toThrow(RangeError);
    expect(() => marginRequired({ ...ok, leverage: Number.NaN })).toThrow(RangeError);
    expect(() => marginRequired({ ...ok, baseToUsd: 'abc' })).toThrow(RangeError);
  });
});
