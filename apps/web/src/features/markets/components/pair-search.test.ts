import type { TradePair } from '@pipwise/shared';
import { describe, expect, it } from 'vitest';
import { filterPairs } from './pair-search';

const pair = (Id: number, Code: string, ShowCode: string, CategoryId: number) =>
  ({ Id, Code, ShowCode, CategoryId }) as TradePair;
const pairs = [
  pair(1, 'EURUSD', 'EUR/USD', 1),
  pair(15, 'XAUUSD', 'XAU/USD', 3),
  pair(17, 'US30', 'Dow Jones 30', 4),
];
const names: Record<string, string> = { EURUSD: '歐元／美元', XAUUSD: '黃金', US30: '道瓊斯30' };
const nameOf = (p: TradePair) => names[p.Code] ?? '';
const codes = (list: TradePair[]) => list.map((p) => p.Code);

describe('filterPairs', () => {
  it('matches code and display code, ignoring case and punctuation', () => {
    expect(codes(filterPairs(pairs, 'eur/u', null))).toEqual(['EURUSD']);
    expect(codes(filterPairs(pairs, 'dow jones', null))).toEqual(['US30']);
  });
  it('matches the name in the reader’s language', () => {
    expect(codes(filterPairs(pairs, '黃金', null, nameOf))).toEqual(['XAUUSD']);
    expect(codes(filterPairs(pairs, '美元', null, nameOf))).toEqual(['EURUSD']);
    expect(codes(filterPairs(pairs, '黃金', null))).toEqual([]);
  });
  it('keeps to the chosen category; an empty search lists it all', () => {
    expect(codes(filterPairs(pairs, '', 3, nameOf))).toEqual(['XAUUSD']);
    expect(codes(filterPairs(pairs, '', null, nameOf))).toEqual(['EURUSD', 'XAUUSD', 'US30']);
  });
});
