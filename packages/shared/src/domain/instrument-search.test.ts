import { describe, expect, it } from 'vitest';
import { matchesSearch, searchKey } from './instrument-search.js';

describe('instrument search', () => {
  it('keeps letters and digits of every script, without case or accents', () => {
    expect(searchKey('EUR/usd ')).toBe('eurusd');
    expect(searchKey('Pétrole brut WTI')).toBe('petrolebrutwti');
    expect(searchKey('黃金')).toBe('黃金');
    expect(searchKey('Золото')).toBe('золото');
    expect(searchKey('S&P 500')).toBe('sp500');
  });

  it('matches a part of any text; empty matches all', () => {
    expect(matchesSearch('gold', ['XAUUSD', 'XAU/USD', '黃金', 'Gold'])).toBe(true);
    expect(matchesSearch('黃', ['XAUUSD', '黃金'])).toBe(true);
    expect(matchesSearch('eur/u', ['EURUSD'])).toBe(true);
    expect(matchesSearch('silver', ['XAUUSD', 'Gold'])).toBe(false);
    expect(matchesSearch(' / ', ['XAUUSD'])).toBe(true);
  });
});
