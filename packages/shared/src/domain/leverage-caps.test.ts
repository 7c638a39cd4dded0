import { describe, expect, it } from 'vitest';
import { ASSET_CLASSES, defaultAssetClass, ESMA_RETAIL_CAPS, leveragesWithinCap } from './leverage-caps.js';

const fx = (base: string, quote: string) =>
  defaultAssetClass({ code: base + quote, session: 'forex', baseCurrency: base, quoteCurrency: quote });

describe('retail leverage caps (ESMA)', () => {
  it('caps each class as ESMA does: 30, 20, 20, 20, 10, 10, 5, 2', () => {
    expect(ASSET_CLASSES.map((c) => ESMA_RETAIL_CAPS[c])).toEqual([30, 20, 20, 20, 10, 10, 5, 2]);
  });

  it('a pair of two major currencies is major; any other pair is not', () => {
    expect(fx('EUR', 'USD')).toBe('fx_major');
    expect(fx('USD', 'JPY')).toBe('fx_major');
    expect(fx('GBP', 'CHF')).toBe('fx_major');
    expect(fx('AUD', 'USD')).toBe('fx_other');
    expect(fx('EUR', 'TRY')).toBe('fx_other');
  });

  it('gold apart from the other metals, energy as a commodity, crypto as crypto', () => {
    const of = (code: string, session: 'metals' | 'energy' | 'crypto', base: string) =>
      defaultAssetClass({ code, session, baseCurrency: base, quoteCurrency: 'USD' });
    expect(of('XAUUSD', 'metals', 'XAU')).toBe('gold');
    expect(of('XAGUSD', 'metals', 'XAG')).toBe('commodity_other');
    expect(of('USOIL', 'energy', 'USOIL')).toBe('commodity_other');
    expect(of('BTCUSD', 'crypto', 'BTC')).toBe('crypto');
  });

  it('the major indices by their usual codes; an unknown index is "other"', () => {
    const index = (code: string) =>
      defaultAssetClass({ code, session: 'indices', baseCurrency: code, quoteCurrency: 'USD' });
    for (const code of ['US30', 'SPX500', 'NAS100', 'GER40', 'UK100', 'JPN225'])
      expect(index(code)).toBe('index_major');
    expect(index('HK50')).toBe('index_other');
  });

  it('offers only the choices within the cap, the cap itself when none is', () => {
    expect(leveragesWithinCap([10, 20, 30, 50, 100], 30)).toEqual([10, 20, 30]);
    expect(leveragesWithinCap([20, 50, 100], 10)).toEqual([10]);
    expect(leveragesWithinCap([20, 50, 100], null)).toEqual([20, 50, 100]);
    expect(leveragesWithinCap([], 30)).toEqual([]);
  });
});
