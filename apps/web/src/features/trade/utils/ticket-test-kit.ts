import { price, type QuoteLookup, type TicketMarket } from '@pipwise/shared';
import { ticketInstrumentOf, type TicketPair } from '../../../lib/ticket-account';
import type { TicketInput } from './ticket-view';

/** A small market for the ticket's unit tests: EURUSD, USDJPY, XAUUSD and BTCUSD quoted. */
export const QUOTES: Record<string, { bid: number; ask: number }> = {
  EURUSD: { bid: 1.158, ask: 1.1581 },
  USDJPY: { bid: 150, ask: 150.02 },
  XAUUSD: { bid: 2400, ask: 2400.3 },
  BTCUSD: { bid: 87500, ask: 87530 },
};
/** The quotes as the app's lookup hands them to the math: branded where they enter. */
export const quotes: QuoteLookup = (code) => {
  const q = QUOTES[code];
  return q && { bid: price(q.bid), ask: price(q.ask) };
};
export const market: TicketMarket = { quotes, tradeFeeType: 1, stopOutLevel: 50, marginCallLevel: 100 };

export const EURUSD: TicketPair = {
  Code: 'EURUSD',
  BaseCurrency: 'EUR',
  QuoteCurrency: 'USD',
  PricePrecision: 5,
  ForexContNum: 100_000,
  MarginMode: 0,
  ForexFeeRate: 7,
  Pip: 0.01,
  ForexMinCont: 0.01,
};
export const XAUUSD: TicketPair = {
  ...EURUSD,
  Code: 'XAUUSD',
  BaseCurrency: 'XAU',
  PricePrecision: 2,
  ForexContNum: 100,
  ForexFeeRate: 10,
};
export const BTCUSD: TicketPair = {
  ...EURUSD,
  Code: 'BTCUSD',
  BaseCurrency: 'BTC',
  PricePrecision: 2,
  ForexContNum: 1,
  ForexFeeRate: 20,
};

/** The ticket's input for a market order of `pair` at the test quotes, with `over` applied. */
export function ticketInput(pair: TicketPair, over: Partial<TicketInput> = {}): TicketInput {
  const q = QUOTES[pair.Code]!;
  return {
    pair,
    instrument: ticketInstrumentOf(pair),
    side: 'buy',
    mode: 'market',
    bid: q.bid,
    ask: q.ask,
    lots: '1',
    leverage: 100,
    takeProfit: '',
    stopLoss: '',
    market,
    account: { balance: 10_000, held: 0, positions: [] },
    ...over,
  };
}
