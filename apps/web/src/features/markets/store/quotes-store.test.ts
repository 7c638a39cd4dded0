import type { QuotePush, TradePair } from '@pipwise/shared';
import { describe, expect, it } from 'vitest';
import { applyQuotePushes, getQuote, seedQuotes, subscribeQuote } from './quotes-store';

const push = (code: string, close: number, time: number, extra: Partial<QuotePush> = {}): QuotePush => ({
  Id: 1,
  Code: code,
  Bid: close,
  Ask: close,
  Open: close,
  Close: close,
  High: close,
  Low: close,
  Change: 0,
  MarketStatus: 1,
  Time: time,
  ...extra,
});

const pair = (code: string, close: number, time: number): TradePair =>
  ({
    Code: code,
    MarketStatus: 1,
    ForexQuotations: {
      Open: close,
      Close: close,
      Change: 0,
      Bid: close,
      Ask: close,
      High: close,
      Low: close,
      Time: time,
    },
  }) as TradePair;

describe('quotes store', () => {
  it('notifies only the listeners of the pair that moved', () => {
    const calls: string[] = [];
    const offA = subscribeQuote('AAA', () => calls.push('AAA'));
    const offB = subscribeQuote('BBB', () => calls.push('BBB'));
    applyQuotePushes([push('AAA', 1, 10), push('BBB', 2, 10)]);
    applyQuotePushes([push('AAA', 1.1, 11), push('BBB', 2, 11)]); // BBB unchanged
    expect(calls).toEqual(['AAA', 'BBB', 'AAA']);
    offA();
    offB();
  });

  it('keeps a newer push over an older list response', () => {
    applyQuotePushes([push('CCC', 5, 100)]);
    seedQuotes([pair('CCC', 4, 90)]);
    expect(getQuote('CCC')?.Close).toBe(5);
    seedQuotes([pair('CCC', 6, 110)]);
    expect(getQuote('CCC')?.Close).toBe(6);
  });

  it('takes the market status from pushes', () => {
    applyQuotePushes([push('DDD', 1, 1, { MarketStatus: 0 })]);
    expect(getQuote('DDD')?.MarketStatus).toBe(0);
  });
});
