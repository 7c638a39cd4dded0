import { describe, expect, it } from 'vitest';
import { t } from '@/test/english';
import { assetClassHelp, assetClassOptions, assetClassText, marketAssetClass } from './asset-class';
import { capVersusEsma, leverageText } from './group-terms';

type Classed = Parameters<typeof marketAssetClass>[0];
const eurusd: Classed = {
  code: 'EURUSD',
  session: 'forex',
  base_currency: 'EUR',
  quote_currency: 'USD',
  asset_class: 'fx_major',
  asset_class_set: '',
};

describe('asset classes', () => {
  it('name each class, and what the majors hold', () => {
    expect(assetClassText(t, 'commodity_other')).toBe('Commodities other than gold');
    expect(assetClassHelp(t, 'fx_major')).toBe('Pairs of two of USD, EUR, JPY, GBP, CAD and CHF');
    expect(assetClassHelp(t, 'gold')).toBeNull();
  });

  it('the market’s class: the server’s while none is set, the shared rule once one is', () => {
    expect(marketAssetClass(eurusd)).toBe('fx_major');
    // Set by an operator to "other pairs": the market's own class is still a major pair.
    expect(marketAssetClass({ ...eurusd, asset_class: 'fx_other', asset_class_set: 'fx_other' })).toBe(
      'fx_major',
    );
    const xagusd: Classed = {
      ...eurusd,
      code: 'XAGUSD',
      session: 'metals',
      base_currency: 'XAG',
      asset_class: 'share',
      asset_class_set: 'share',
    };
    expect(marketAssetClass(xagusd)).toBe('commodity_other');
    expect(marketAssetClass({ ...eurusd, session: 'bonds', asset_class_set: 'share' })).toBeNull();
  });

  it('the editor offers the market’s default first, naming its class, then the eight classes', () => {
    const options = assetClassOptions(t, eurusd);
    expect(options).toHaveLength(9);
    expect(options[0]).toEqual({ value: '', label: 'Default for its market (Major currency pairs)' });
    expect(options.slice(1).map((o) => o.value)).toEqual([
      'fx_major',
      'fx_other',
      'gold',
      'index_major',
      'commodity_other',
      'index_other',
      'share',
      'crypto',
    ]);
    expect(assetClassOptions(t, { ...eurusd, session: 'bonds', asset_class_set: 'gold' })[0]!.label).toBe(
      'Default for its market',
    );
  });
});

describe('leverage caps', () => {
  it('read as traders read leverage, and say how they compare with ESMA’s', () => {
    expect(leverageText(30)).toBe('1:30');
    expect(capVersusEsma(t, { cap: 50, esma: 30 })).toEqual({ text: 'Above ESMA', color: 'orange' });
    expect(capVersusEsma(t, { cap: 10, esma: 20 })).toEqual({ text: 'Below ESMA', color: 'blue' });
    expect(capVersusEsma(t, { cap: 2, esma: 2 })).toBeNull();
  });
});
