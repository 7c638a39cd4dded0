import type { Order } from '@pipwise/shared';
import { describe, expect, it } from 'vitest';
import type { ForexTradePush } from '@/lib/trading-pushes';
import {
  applyForexTrade,
  applyStops,
  findOrder,
  positionsChanged,
  removeOrder,
  type OrderPages,
} from './live-merge';

const order = (Id: number, over: Partial<Order> = {}): Order => ({
  Id,
  ForexId: 26,
  ForexTradeLists: { ShowCode: 'BTC/USD', Code: 'BTCUSD', PricePrecision: 2 },
  OrderType: 1,
  Status: 1,
  Quantity: 0.01,
  Leverage: 10,
  OriginPrice: 100,
  Price: 100,
  UpdatePrice: 100,
  FactProfits: 0,
  CautionMoney: 0.1,
  TradeFee: 0.2,
  TargetLossPrice: 0,
  TargetProfitPrice: 0,
  CloseReason: '',
  CreateTimeHandler: '',
  CompleteTimeHandler: '',
  CreatedAt: 0,
  CompletedAt: 0,
  ...over,
});

const pages = (...lists: Order[][]): OrderPages => {
  const total = lists.reduce((n, l) => n + l.length, 0);
  return {
    pages: lists.map((data) => ({ data, total, all_fact_profits: 0, balance: 1000 })),
    pageParams: lists.map((_, i) => i + 1),
  };
};

const push = (orders: ForexTradePush['orders'], over: Partial<ForexTradePush> = {}): ForexTradePush => ({
  orders,
  all_fact_profits: orders.reduce((s, o) => s + o.FactProfits, 0),
  balance: 999.8,
  equity: 1000,
  margin: 0.2,
  free_margin: 999.8,
  margin_level: 500000,
  risk_rate: 0.02,
  ...over,
});

describe('FOREX_TRADE into the holding list', () => {
  it('updates each listed position, on any loaded page, and the first page totals', () => {
    const data = pages([order(3), order(2)], [order(1)]);
    const next = applyForexTrade(
      data,
      push([
        { Id: 1, UpdatePrice: 101, FactProfits: 0.01 },
        { Id: 3, UpdatePrice: 99.5, FactProfits: -0.005 },
        { Id: 2, UpdatePrice: 100, FactProfits: 0 },
      ]),
    );
    expect(findOrder(next, 1)).toMatchObject({ UpdatePrice: 101, FactProfits: 0.01 });
    expect(findOrder(next, 3)).toMatchObject({ UpdatePrice: 99.5, FactProfits: -0.005 });
    expect(next.pages[0]).toMatchObject({ all_fact_profits: 0.005, balance: 999.8 });
    // Untouched rows keep their identity, so their cards do not re-render.
    expect(findOrder(next, 2)).toBe(findOrder(data, 2));
  });

  it('returns the same object for a push that changes nothing', () => {
    const data = pages([order(1)]);
    data.pages[0]!.balance = 999.8;
    expect(applyForexTrade(data, push([{ Id: 1, UpdatePrice: 100, FactProfits: 0 }]))).toBe(data);
  });

  it('notices positions the list does not know (a pending order filled)', () => {
    const data = pages([order(1)]);
    expect(positionsChanged(data, push([{ Id: 1, UpdatePrice: 1, FactProfits: 0 }]))).toBe(false);
    expect(
      positionsChanged(
        data,
        push([
          { Id: 1, UpdatePrice: 1, FactProfits: 0 },
          { Id: 9, UpdatePrice: 1, FactProfits: 0 },
        ]),
      ),
    ).toBe(true);
  });
});

describe('FOREX_CLOSED and edits', () => {
  it('removes a closed position and counts it out of the total', () => {
    const data = pages([order(2)], [order(1)]);
    const next = removeOrder(data, 1);
    expect(findOrder(next, 1)).toBeUndefined();
    expect(next.pages.map((p) => p.total)).toEqual([1, 1]);
    expect(removeOrder(next, 42)).toBe(next);
  });

  it('takes new stops from the server answer but keeps the live profit', () => {
    const data = pages([order(1, { FactProfits: 5, UpdatePrice: 105 })]);
    const next = applyStops(data, { Id: 1, TargetProfitPrice: 110, TargetLossPrice: 90 });
    expect(findOrder(next, 1)).toMatchObject({ TargetProfitPrice: 110, TargetLossPrice: 90, FactProfits: 5 });
  });
});
