import type { TicketAccount, TradePair } from '@pipwise/shared';
import type { ComponentProps } from 'react';
import { quotes } from '../utils/ticket-test-kit';
import type { OrderForm } from './order-form';

/** BTC/USD as the trade list sends it, at the ticket kit's quotes (87500 / 87530). */
export const BTCUSD_PAIR: TradePair = {
  Id: 7,
  Code: 'BTCUSD',
  ShowCode: 'BTCUSD',
  Logo: '',
  CategoryId: 1,
  MarketStatus: 1,
  PricePrecision: 2,
  Pip: 0.01,
  ForexMinCont: 0.01,
  ForexContNum: 1,
  MarginMode: 0,
  HasForexMultiple: [{ Value: 10 }, { Value: 100 }],
  ForexFeeRate: 20,
  ForexQuotations: {
    Open: 87000,
    Close: 87500,
    Change: 0.57,
    Bid: 87500,
    Ask: 87530,
    High: 88000,
    Low: 86900,
    Time: 1,
  },
  BaseCurrency: 'BTC',
  QuoteCurrency: 'USD',
  MaxQuoteAge: 5_000,
  SwapLong: '-20',
  SwapShort: '-10',
  SwapUnit: 'percent_per_year',
  SwapTripleDay: 'none',
};

export const TEN_THOUSAND_USD: TicketAccount = { balance: 10_000, held: 0, positions: [] };

/** The screen keeps the buttons' live prices one function per pair: one identity here too. */
export const noLivePrice = () => null;

export type OrderFormProps = ComponentProps<typeof OrderForm>;

/**
 * The props the trade screen passes a signed-in trader's ticket on BTC/USD; each call makes
 * new callbacks, as the screen's re-renders do.
 */
export function orderFormProps(over: Partial<OrderFormProps> = {}): OrderFormProps {
  return {
    pair: BTCUSD_PAIR,
    bid: 87500,
    ask: 87530,
    livePrice: noLivePrice,
    marketOpen: true,
    pricesStale: false,
    quotes,
    tradeFeeType: 1,
    loggedIn: true,
    freeMargin: 10_000,
    levels: { stopOutLevel: 50, marginCallLevel: 100 },
    account: TEN_THOUSAND_USD,
    quotesVersion: 1,
    onLoginRequired: () => {},
    onSubmitted: () => {},
    ...over,
  };
}
