import type { QuotePush, TradePair } from '@pipwise/shared';
import { describe, expect, it } from 'vitest';
import { applyQuotePushes, getQuote, seedQuotes, setQuoteMarkups, subscribeQuote } from './quotes-store';

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

const pair = (code: string, close: number, time: number, ask = close, precision = 5): TradePair =>
  ({
    Code: code,
    MarketStatus: 1,
    PricePrecision: precision,
    ForexQuotations: {
      Open: close,
      Close: close,
      Change: 0,
      Bid: close,
      Ask: ask,
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

  it('shows the account’s price: the market’s widened by its group markup, exactly, until logged out', () => {
    seedQuotes([pair('EEE', 1.085, 200, 1.08512)]);
    const calls: number[] = [];
    const off = subscribeQuote('EEE', () => calls.push(getQuote('EEE')!.Bid));
    // 3 points: 1 off the bid, 2 on the ask.
    setQuoteMarkups([
      { code: 'EEE', markup: 3 },
      { code: 'FFF', markup: 0 },
    ]);
    expect(getQuote('EEE')).toMatchObject({ Bid: 1.08499, Ask: 1.08514, Close: 1.08499 });
    // A push after is widened too, and the pair's listeners hear of it once.
    applyQuotePushes([push('EEE', 0.3, 201, { Ask: 0.30002 })]);
    expect(getQuote('EEE')).toMatchObject({ Bid: 0.29999, Ask: 0.30004 });
    // The same markups again change nothing; none (logged out) shows the market's price.
    setQuoteMarkups([{ code: 'EEE', markup: 3 }]);
    setQuoteMarkups([]);
    expect(getQuote('EEE')).toMatchObject({ Bid: 0.3, Ask: 0.30002, Close: 0.3 });
    expect(calls).toEqual([1.08499, 0.29999, 0.3]);
    off();
  });

  it('widens a push that came before the list told the pair’s precision once the list comes', () => {
    setQuoteMarkups([{ code: 'GGG', markup: 4 }]);
    applyQuotePushes([push('GGG', 1.2, 300, { Ask: 1.20002 })]);
    // The precision is not known yet: the market's price rather than a wrong one.
    expect(getQuote('GGG')).toMatchObject({ Bid: 1.2, Ask: 1.20002 });
    // An older list: its quote is not shown, but the push's is, widened.
    seedQuotes([pair('GGG', 1.1, 299, 1.10002)]);
    expect(getQuote('GGG')).toMatchObject({ Bid: 1.19998, Ask: 1.20004, Close: 1.19998, Time: 300 });
    setQuoteMarkups([]);
    expect(getQuote('GGG')).toMatchObject({ Bid: 1.2, Ask: 1.20002 });
  });
});
