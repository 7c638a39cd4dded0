import type { QuoteLookup, TicketMarket, TradePair } from '@pipwise/shared';
import { ticketInstrumentOf } from '../../../lib/ticket-account';
import type { TicketInput } from './ticket-view';

/** A small market for the ticket's unit tests: EURUSD, USDJPY, XAUUSD and BTCUSD quoted. */
export const QUOTES: Record<string, { bid: number; ask: number }> = {
  EURUSD: { bid: 1.158, ask: 1.1581 },
  USDJPY: { bid: 150, ask: 150.02 },
  XAUUSD: { bid: 2400, ask: 2400.3 },
  BTCUSD: { bid: 87500, ask: 87530 },
};
export const quotes: QuoteLookup = (code) => QUOTES[code];
export const market: TicketMarket = { quotes, tradeFeeType: 1, stopOutLevel: 50, marginCallLevel: 100 };

type Pair = Pick<
  TradePair,
  | 'Code'
  | 'BaseCurrency'
  | 'QuoteCurrency'
  | 'PricePrecision'
  | 'ForexContNum'
  | 'MarginMode'
  | 'ForexFeeRate'
  | 'Pip'
  | 'ForexMinCont'
>;
export const EURUSD: Pair = {
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
export const XAUUSD: Pair = {
  ...EURUSD,
  Code: 'XAUUSD',
  BaseCurrency: 'XAU',
  PricePrecision: 2,
  ForexContNum: 100,
  ForexFeeRate: 10,
};
export const BTCUSD: Pair = {
  ...EURUSD,
  Code: 'BTCUSD',
  BaseCurrency: 'BTC',
  PricePrecision: 2,
  ForexContNum: 1,
  ForexFeeRate: 20,
};

/** The ticket's input for a market order of `pair` at the test quotes, with `over` applied. */
export function ticketInput(pair: Pair, over: Partial<TicketInput> = {}): TicketInput {
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
