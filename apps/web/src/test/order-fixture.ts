import type { Order } from '@pipwise/shared';

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
