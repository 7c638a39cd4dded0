import { lots, type Order, type TicketInstrument } from '@pipwise/shared';

/**
 * A holding EUR/USD buy of one lot as `my_deal` answers it, for tests of the order's
 * screens: each test changes only the fields it is about.
 */
export const testOrder = (over: Partial<Order> = {}): Order => ({
  Id: 42,
  ForexId: 1,
  ForexTradeLists: { ShowCode: 'EUR/USD', Code: 'EURUSD', PricePrecision: 5 },
  OrderType: 1,
  Status: 1,
  Quantity: 1,
  Leverage: 100,
  OriginPrice: 1.1581,
  Price: 1.1581,
  UpdatePrice: 1.1601,
  FactProfits: 20,
  CautionMoney: 1158.1,
  TradeFee: 7,
  SpreadOpen: 10,
  SpreadClose: 0,
  Swap: -19.5,
  Commission: 0,
  NetProfits: -6.5,
  TargetLossPrice: 0,
  TrailingPoints: 0,
  TargetProfitPrice: 0,
  CloseReason: '',
  CloseNote: '',
  CreateTimeHandler: '',
  CompleteTimeHandler: '',
  CreatedAt: 1_700_000_000_000,
  CompletedAt: 0,
  ...over,
});

/** BTC/USD as the ticket's math knows it (margin mode 2: the open price × lots ÷ leverage). */
export const BTC_INSTRUMENT: TicketInstrument = {
  code: 'BTCUSD',
  base: 'BTC',
  quote: 'USD',
  precision: 2,
  contractSize: '1',
  marginMode: 2,
  feeRate: '20',
  lotStep: lots('0.01'),
  minLots: lots('0.01'),
};

/** BTC/USD quoted 87,600.00 / 87,630.00; no other pair. */
export const btcQuotes = (code: string) =>
  code === 'BTCUSD' ? { bid: 87600 as never, ask: 87630 as never } : undefined;

/** The instruments and quotes the orders' screens price a BTC position with. */
export const btcPricing = { book: new Map([['BTCUSD', BTC_INSTRUMENT]]), quotes: btcQuotes };

/** 0.3 BTC bought at 87,530.00 at 1:10, now closing at 87,600.00 (+21 USD). */
export const btcPosition = (over: Partial<Order> = {}): Order =>
  testOrder({
    Id: 7,
    ForexId: 26,
    ForexTradeLists: { ShowCode: 'BTC/USD', Code: 'BTCUSD', PricePrecision: 2 },
    Quantity: 0.3,
    Leverage: 10,
    OriginPrice: 87530,
    UpdatePrice: 87600,
    FactProfits: 21,
    ...over,
  });
