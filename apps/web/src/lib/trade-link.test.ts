import { describe, expect, it } from 'vitest';
import { readTradeLink, resolveTradePair, tradeLink } from './trade-link';

const pairs = [
  { Id: 1, Code: 'EURUSD' },
  { Id: 15, Code: 'XAUUSD' },
  { Id: 26, Code: 'BTCUSD' },
];

describe('readTradeLink', () => {
  it('reads forex_id first, then code', () => {
    expect(readTradeLink('?forex_id=15')).toEqual({ id: 15 });
    expect(readTradeLink('forex_id=15&code=BTCUSD')).toEqual({ id: 15 });
    expect(readTradeLink('?code=xauusd')).toEqual({ code: 'XAUUSD' });
    expect(readTradeLink(new URLSearchParams({ code: 'BTCUSD' }))).toEqual({ code: 'BTCUSD' });
  });

  it('ignores what is not an id or a code', () => {
    for (const q of [
      '',
      '?forex_id=',
      '?forex_id=0',
      '?forex_id=-3',
      '?forex_id=1.5',
      '?forex_id=0x1',
      '?code=a',
      '?code=EUR/USD',
      '?code=%00',
    ])
      expect([q, readTradeLink(q)]).toEqual([q, null]);
    expect(readTradeLink('?forex_id=abc&code=BTCUSD')).toEqual({ code: 'BTCUSD' });
  });
});

describe('tradeLink', () => {
  it('writes the id form', () => {
    expect(tradeLink({ Id: 15 })).toBe('/trade?forex_id=15');
  });
  it('round-trips through readTradeLink', () => {
    for (const p of pairs) expect(readTradeLink(tradeLink(p).split('?')[1]!)).toEqual({ id: p.Id });
  });
});

describe('resolveTradePair', () => {
  it('opens the linked pair, by id or by code, and keeps the URL as it is', () => {
    expect(resolveTradePair(pairs, { id: 15 }, { id: 1, code: 'EURUSD' })).toEqual({
      pair: pairs[1],
      canonical: null,
    });
    expect(resolveTradePair(pairs, { code: 'BTCUSD' }, null)).toEqual({ pair: pairs[2], canonical: null });
  });

  it('without a link shows the last pick and writes its link in place', () => {
    expect(resolveTradePair(pairs, null, { id: 26, code: 'BTCUSD' })).toEqual({
      pair: pairs[2],
      canonical: '/trade?forex_id=26',
    });
    // An old pick remembered by code only (id 0) still resolves.
    expect(resolveTradePair(pairs, null, { id: 0, code: 'XAUUSD' }).pair).toBe(pairs[1]);
    expect(resolveTradePair(pairs, null, null)).toEqual({ pair: pairs[0], canonical: '/trade?forex_id=1' });
  });

  it('falls back, and corrects the URL, when the link names no pair', () => {
    expect(resolveTradePair(pairs, { id: 999 }, { id: 15, code: 'XAUUSD' })).toEqual({
      pair: pairs[1],
      canonical: '/trade?forex_id=15',
    });
    expect(resolveTradePair(pairs, { code: 'NOPE' }, null).canonical).toBe('/trade?forex_id=1');
  });

  it('has nothing to show before the list arrives', () => {
    expect(resolveTradePair(undefined, { id: 15 }, null)).toEqual({ pair: undefined, canonical: null });
    expect(resolveTradePair([], null, null)).toEqual({ pair: undefined, canonical: null });
  });
});
