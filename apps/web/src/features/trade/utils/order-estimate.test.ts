import { price, type QuoteLookup } from '@pipwise/shared';
import { describe, expect, it } from 'vitest';
import { affordability, estimateOrder, type EstimateInput, type EstimatePair } from './order-estimate';

const quotes: Record<string, { bid: number; ask: number }> = {
  BTCUSD: { bid: 137594.57, ask: 137624.57 },
  EURUSD: { bid: 1.1, ask: 1.1002 },
  USDJPY: { bid: 150, ask: 150.02 },
};
const lookup: QuoteLookup = (code) => {
  const q = quotes[code];
  return q && { bid: price(q.bid), ask: price(q.ask) };
};

const btc: EstimatePair = {
  MarginMode: 0,
  ForexContNum: 1,
  ForexFeeRate: 20,
  BaseCurrency: 'BTC',
  QuoteCurrency: 'USD',
};

const base = (over: Partial<EstimateInput> = {}): EstimateInput => ({
  pair: btc,
  side: 'buy',
  mode: 'market',
  bid: quotes.BTCUSD!.bid,
  ask: quotes.BTCUSD!.ask,
  lots: '0.01',
  leverage: 10,
  tradeFeeType: 1,
  quotes: lookup,
  ...over,
});

const str = (e: ReturnType<typeof estimateOrder>) =>
  e && { price: e.price.toString(), margin: e.margin.toString(), fee: e.fee.toString() };

describe('order form estimate (shared margin and fee math)', () => {
  it('a market buy of an XXX/USD pair: lots × units × ask / leverage, fee per lot', () => {
    expect(str(estimateOrder(base()))).toEqual({ price: '137624.57', margin: '137.62457', fee: '0.2' });
  });

  it('a market sell fills at the bid', () => {
    expect(str(estimateOrder(base({ side: 'sell' })))?.margin).toBe('137.59457');
  });

  it('a fee of trade_fee_type 0 is a share of the margin', () => {
    const pair = { ...btc, ForexFeeRate: 0.001 };
    expect(str(estimateOrder(base({ pair, tradeFeeType: 0 })))?.fee).toBe('0.137625');
  });

  it('a pending order is priced at its target', () => {
    expect(str(estimateOrder(base({ mode: 'pending', targetPrice: '120000' })))?.margin).toBe('120');
    expect(estimateOrder(base({ mode: 'pending', targetPrice: '' }))).toBeNull();
  });

  it('a cross converts its base to USD through the live quotes (EUR/JPY via USD/JPY mid)', () => {
    const eurjpy: EstimatePair = { ...btc, ForexContNum: 100_000, BaseCurrency: 'EUR', QuoteCurrency: 'JPY' };
    const e = estimateOrder(base({ pair: eurjpy, bid: 170.48, ask: 170.5, lots: '1', leverage: 100 }));
    expect(str(e)?.margin).toBe('1136.590894');
  });

  it('a USD-based pair needs no rate: lots × units / leverage', () => {
    const usdjpy: EstimatePair = { ...btc, ForexContNum: 100_000, BaseCurrency: 'USD', QuoteCurrency: 'JPY' };
    const e = estimateOrder(base({ pair: usdjpy, bid: 150, ask: 150.02, lots: '0.1', leverage: 50 }));
    expect(str(e)?.margin).toBe('200');
  });

  it('a fixed-margin pair ignores leverage: lots × units', () => {
    const fixed: EstimatePair = { ...btc, MarginMode: 1, ForexContNum: 1000 };
    expect(str(estimateOrder(base({ pair: fixed, leverage: null, lots: '0.1' })))?.margin).toBe('100');
  });

  it('shows nothing while an input is missing or the quote currency has no USD rate', () => {
    expect(estimateOrder(base({ lots: '0' }))).toBeNull();
    expect(estimateOrder(base({ lots: 'abc' }))).toBeNull();
    expect(estimateOrder(base({ leverage: null }))).toBeNull();
    expect(estimateOrder(base({ ask: undefined }))).toBeNull();
    const exotic: EstimatePair = { ...btc, BaseCurrency: 'EUR', QuoteCurrency: 'XAU' };
    expect(estimateOrder(base({ pair: exotic }))).toBeNull();
  });
});

describe('what free margin allows, as the trader types', () => {
  const pair = { ...btc, Pip: 0.01, ForexMinCont: 0.01 };
  const at = (lots: string, free: number | undefined, over: Partial<EstimateInput> = {}) =>
    affordability({ ...base(over), pair, lots }, free);

  it('gives the most lots margin + fee allow, on the lot step', () => {
    // One lot: 13,762.457 margin + 20 fee = 13,782.457; 10,000 affords 0.72 (0.73 → 10,061.19).
    const ok = at('0.5', 10_000);
    expect(ok?.maxLots.toString()).toBe('0.72');
    expect(ok?.short).toBe(false);
    expect(at('0.72', 10_000)?.short).toBe(false);
  });

  it("counts the open's commission: with 9,925 free, 7 a lot leaves 0.71 lots where 0.72 fit without it", () => {
    const commission = { type: 'per_lot' as const, rate: '7', min: '0' };
    // 0.72 lots: 9,908.969 + 14.4 + 5.04 = 9,928.409; with 9,925 of free margin, 0.71 lots.
    expect(at('0.5', 10_000, { commission })?.maxLots.toString()).toBe('0.72');
    expect(at('0.5', 9_925, { commission })?.maxLots.toString()).toBe('0.71');
    expect(at('0.5', 9_925)?.maxLots.toString()).toBe('0.72');
  });

  it('says the typed lots are too many before any submit', () => {
    expect(at('0.73', 10_000)?.short).toBe(true);
    expect(at('500', 10_000)).toMatchObject({ short: true });
    expect(at('500', 10_000)?.maxLots.toString()).toBe('0.72');
  });

  it('is 0 when not even the minimum fits, and unknown without free margin or a price', () => {
    expect(at('0.01', 50)?.maxLots.toString()).toBe('0');
    expect(at('0.01', 50)?.short).toBe(true);
    expect(at('0.01', undefined)).toBeNull();
    expect(at('0.01', 10_000, { leverage: null })).toBeNull();
  });

  it('prices a pending order at its target', () => {
    // At 100,000 with leverage 10: 10,000 + 20 a lot → 0.99 lots for 10,000.
    expect(at('1', 10_000, { mode: 'pending', targetPrice: '100000' })?.maxLots.toString()).toBe('0.99');
  });
});
