import type { MarketSession } from '@pipwise/shared';
import { describe, expect, it } from 'vitest';
import { SEED_INSTRUMENTS } from '../seed/instruments.js';
import { defaultProviderSymbol, fixInstrumentsOf, providerSymbols } from './provider-symbol.js';

const inst = (code: string, baseCurrency: string, quoteCurrency: string, session: MarketSession) => ({
  code,
  baseCurrency,
  quoteCurrency,
  session,
});

describe('defaultProviderSymbol', () => {
  it('puts a slash between base and quote for currencies and metals', () => {
    expect(defaultProviderSymbol(inst('EURUSD', 'EUR', 'USD', 'forex'))).toBe('EUR/USD');
    expect(defaultProviderSymbol(inst('USDJPY', 'USD', 'JPY', 'forex'))).toBe('USD/JPY');
    expect(defaultProviderSymbol(inst('XAUUSD', 'XAU', 'USD', 'metals'))).toBe('XAU/USD');
    expect(defaultProviderSymbol(inst('XAGUSD', 'XAG', 'USD', 'metals'))).toBe('XAG/USD');
  });

  it('keeps the code for everything else', () => {
    expect(defaultProviderSymbol(inst('US30', 'US30', 'USD', 'indices'))).toBe('US30');
    expect(defaultProviderSymbol(inst('USOIL', 'WTI', 'USD', 'energy'))).toBe('USOIL');
    expect(defaultProviderSymbol(inst('BTCUSD', 'BTC', 'USD', 'crypto'))).toBe('BTCUSD');
  });

  it('keeps the code of a currency whose code is not its base and quote together', () => {
    expect(defaultProviderSymbol(inst('EURUSD.m', 'EUR', 'USD', 'forex'))).toBe('EURUSD.m');
    expect(defaultProviderSymbol(inst('GOLD', 'XAU', 'USD', 'metals'))).toBe('GOLD');
  });

  it('maps every seed instrument to a distinct symbol', () => {
    const symbols = providerSymbols(SEED_INSTRUMENTS.map((i) => inst(i.code, i.base, i.quote, i.session)));
    expect(symbols.get('EURGBP')).toBe('EUR/GBP');
    expect(symbols.get('NAS100')).toBe('NAS100');
    expect(new Set(symbols.values()).size).toBe(SEED_INSTRUMENTS.length);
  });
});

describe('providerSymbols', () => {
  const both = [inst('EURUSD', 'EUR', 'USD', 'forex'), inst('US30', 'US30', 'USD', 'indices')];

  it('takes an operator override by code', () => {
    const symbols = providerSymbols(both, new Map([['US30', 'DJI.cash']]));
    expect([...symbols]).toEqual([
      ['EURUSD', 'EUR/USD'],
      ['US30', 'DJI.cash'],
    ]);
  });

  it('refuses an override of no instrument, an odd symbol and two instruments on one symbol', () => {
    expect(() => providerSymbols(both, new Map([['GBPUSD', 'GBP/USD']]))).toThrow(/no such instrument/);
    expect(() => providerSymbols(both, new Map([['US30', 'DJ 30']]))).toThrow(/not a plain symbol/);
    expect(() => providerSymbols(both, new Map([['US30', 'a|b']]))).toThrow(/not a plain symbol/);
    expect(() => providerSymbols(both, new Map([['US30', 'EUR/USD']]))).toThrow(/EURUSD and US30 both map/);
  });
});

describe('fixInstrumentsOf', () => {
  it('gives each instrument its symbol, digits and its market’s jump limit', () => {
    expect(
      fixInstrumentsOf([
        { id: 1, precision: 5, ...inst('EURUSD', 'EUR', 'USD', 'forex') },
        { id: 26, precision: 2, ...inst('BTCUSD', 'BTC', 'USD', 'crypto') },
      ]),
    ).toEqual([
      { id: 1, code: 'EURUSD', symbol: 'EUR/USD', precision: 5, maxJump: 0.03 },
      { id: 26, code: 'BTCUSD', symbol: 'BTCUSD', precision: 2, maxJump: 0.1 },
    ]);
  });
});
