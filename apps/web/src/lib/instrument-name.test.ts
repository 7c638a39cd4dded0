import { describe, expect, it } from 'vitest';
import { instrumentKey, pairSymbol } from './instrument-name';

describe('pairSymbol', () => {
  it('keeps short display codes and uses the code for names', () => {
    expect(pairSymbol({ Code: 'EURUSD', ShowCode: 'EUR/USD' })).toBe('EUR/USD');
    expect(pairSymbol({ Code: 'XAUUSD', ShowCode: 'XAU/USD' })).toBe('XAU/USD');
    expect(pairSymbol({ Code: 'US30', ShowCode: 'Dow Jones 30' })).toBe('US30');
    expect(pairSymbol({ Code: 'USOIL', ShowCode: 'WTI Crude' })).toBe('USOIL');
    expect(pairSymbol({ Code: 'SPX500', ShowCode: 'S&P 500' })).toBe('SPX500');
    expect(pairSymbol({ Code: 'NGAS', ShowCode: 'NaturalGasSpot' })).toBe('NGAS');
    expect(pairSymbol({ Code: 'BTCUSD', ShowCode: '' })).toBe('BTCUSD');
  });
  it('names the locale key by code', () => {
    expect(instrumentKey('XAUUSD')).toBe('instrument.XAUUSD');
  });
});
