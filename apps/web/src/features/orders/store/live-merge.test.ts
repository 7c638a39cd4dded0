import type { ForexTradePush, Order } from '@pipwise/shared';
import { describe, expect, it } from 'vitest';
import {
  applyBalance,
  applyForexTrade,
  applyOrderPush,
  applyStops,
  findOrder,
  positionsChanged,
  removeOrder,
  type OrderLists,
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
  TrailingPoints: 0,
  TargetProfitPrice: 0,
  CloseReason: '',
  CloseNote: '',
  SpreadOpen: 0,
  SpreadClose: 0,
  Swap: 0,
  Commission: 0,
  NetProfits: 0,
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
  lock_balance: 0,
  equity: 1000,
  margin: 0.2,
  free_margin: 999.8,
  margin_level: 500000,
  risk_rate: 0.02,
  margin_call: false,
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
    // Net profit (gross − fee 0.2, no swap) moves with the gross, exact to the micro-dollar.
    expect(findOrder(next, 1)).toMatchObject({ UpdatePrice: 101, FactProfits: 0.01, NetProfits: -0.19 });
    expect(findOrder(next, 3)).toMatchObject({ UpdatePrice: 99.5, FactProfits: -0.005, NetProfits: -0.205 });
    expect(next.pages[0]).toMatchObject({ all_fact_profits: 0.005, balance: 999.8 });
    // Untouched rows keep their identity, so their cards do not re-render.
    expect(findOrder(next, 2)).toBe(findOrder(data, 2));
  });

  it('keeps the order’s fee and swap in its net profit as the gross moves', () => {
    // A push carries only the price and the gross: net = gross − fee + swap (charged, so negative).
    const data = pages([order(1, { TradeFee: 0.2, Swap: -1.5, NetProfits: -1.7 })]);
    const next = applyForexTrade(data, push([{ Id: 1, UpdatePrice: 101, FactProfits: 0.01 }]));
    expect(findOrder(next, 1)).toMatchObject({ FactProfits: 0.01, Swap: -1.5, NetProfits: -1.69 });
    // A swap paid to the trader adds to it, exact to the micro-dollar.
    const paid = pages([order(2, { TradeFee: 0.1, Swap: 0.000003 })]);
    const after = applyForexTrade(paid, push([{ Id: 2, UpdatePrice: 101, FactProfits: 0.3 }]));
    expect(findOrder(after, 2)!.NetProfits).toBe(0.200003);
  });

  it('keeps the commission charged at the open in its net profit as the gross moves', () => {
    // net = gross − fee − commission + swap: 1.25 − 0.2 − 0.35 − 0.1 = 0.6.
    const data = pages([order(1, { TradeFee: 0.2, Commission: 0.35, Swap: -0.1, NetProfits: -0.65 })]);
    const next = applyForexTrade(data, push([{ Id: 1, UpdatePrice: 225, FactProfits: 1.25 }]));
    expect(findOrder(next, 1)).toMatchObject({ FactProfits: 1.25, Commission: 0.35, NetProfits: 0.6 });
    // A new order copy (edited stops, a rollover) keeps the live gross with its own commission.
    const lists = applyOrderPush({ 1: next }, order(1, { TradeFee: 0.2, Commission: 0.35, Swap: -0.2 }));
    expect(findOrder(lists[1], 1)).toMatchObject({ FactProfits: 1.25, NetProfits: 0.5 });
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
    const next = applyStops(data, {
      Id: 1,
      TargetProfitPrice: 110,
      TargetLossPrice: 90,
      TrailingPoints: 500,
    });
    expect(findOrder(next, 1)).toMatchObject({
      TargetProfitPrice: 110,
      TargetLossPrice: 90,
      TrailingPoints: 500,
      FactProfits: 5,
    });
  });
});

describe('FOREX_TRADE balance on the other tabs', () => {
  it('writes the balance into the first page only when it changed', () => {
    const data = pages([order(2)], [order(1)]);
    expect(applyBalance(data, 1000)).toBe(data);
    const next = applyBalance(data, 997.5);
    expect(next.pages[0]!.balance).toBe(997.5);
    expect(next.pages[1]).toBe(data.pages[1]);
  });
});

describe('FOREX_ORDER into the three tabs', () => {
  const ids = (data: OrderPages | undefined) => data?.pages.flatMap((p) => p.data.map((o) => o.Id));
  const totals = (data: OrderPages | undefined) => data?.pages.map((p) => p.total);
  const pendingOrder = (Id: number) => order(Id, { Status: 0, OriginPrice: 0, UpdatePrice: 0, Price: 95 });

  it('lists a placed pending order at the top of pending, counted', () => {
    const lists: OrderLists = { 0: pages([pendingOrder(5)]), 1: pages([order(4)]) };
    const next = applyOrderPush(lists, pendingOrder(7));
    expect(ids(next[0])).toEqual([7, 5]);
    expect(totals(next[0])).toEqual([2]);
    expect(next[0]!.pages[0]!.all_fact_profits).toBe(0);
    // Holding did not change: same object, no re-render.
    expect(next[1]).toBe(lists[1]);
  });

  it('lists an order opened on another device under holding, with its open price and profit', () => {
    const holding = pages([order(4, { FactProfits: 1.5 })]);
    holding.pages[0]!.all_fact_profits = 1.5;
    const next = applyOrderPush(
      { 1: holding },
      order(9, { UpdatePrice: 0, OriginPrice: 101, FactProfits: -0.2 }),
    );
    expect(ids(next[1])).toEqual([9, 4]);
    expect(totals(next[1])).toEqual([2]);
    expect(next[1]!.pages[0]!.all_fact_profits).toBe(1.3);
    expect(findOrder(next[1], 9)).toMatchObject({ UpdatePrice: 101 });
  });

  it('moves a filled order from pending to holding', () => {
    const lists: OrderLists = { 0: pages([pendingOrder(6), pendingOrder(3)]), 1: pages([order(5)]) };
    const next = applyOrderPush(lists, order(6, { OriginPrice: 95, UpdatePrice: 95 }));
    expect(ids(next[0])).toEqual([3]);
    expect(totals(next[0])).toEqual([1]);
    expect(ids(next[1])).toEqual([6, 5]);
    expect(totals(next[1])).toEqual([2]);
  });

  it('takes edited stops but keeps the live price and profit of a holding row', () => {
    const lists: OrderLists = { 1: pages([order(2, { UpdatePrice: 104, FactProfits: 4 })]) };
    const next = applyOrderPush(lists, order(2, { TargetProfitPrice: 120, TargetLossPrice: 80 }));
    expect(findOrder(next[1], 2)).toMatchObject({
      TargetProfitPrice: 120,
      TargetLossPrice: 80,
      UpdatePrice: 104,
      FactProfits: 4,
    });
    expect(totals(next[1])).toEqual([1]);
  });

  it('takes a rollover’s swap (the `swap` event) into a holding row, like edited stops', () => {
    const other = pages([order(1, { Status: 3 })]);
    const lists: OrderLists = {
      1: pages([order(2, { UpdatePrice: 104, FactProfits: 4, TradeFee: 0.2, Swap: 0, NetProfits: 3.8 })]),
      3: other,
    };
    lists[1]!.pages[0]!.all_fact_profits = 4;
    // The server's copy: priced at the rollover, its Swap now −0.75 (already on the balance).
    const charged = order(2, {
      UpdatePrice: 100,
      FactProfits: 0,
      TradeFee: 0.2,
      Swap: -0.75,
      NetProfits: -0.95,
    });
    const next = applyOrderPush(lists, charged);
    // The live price and gross stay; the swap comes in, and the net takes it: 4 − 0.2 − 0.75.
    expect(findOrder(next[1], 2)).toMatchObject({
      UpdatePrice: 104,
      FactProfits: 4,
      Swap: -0.75,
      NetProfits: 3.05,
    });
    // Still one open position, the floating total (gross) unchanged, the other tab untouched.
    expect(totals(next[1])).toEqual([1]);
    expect(next[1]!.pages[0]!.all_fact_profits).toBe(4);
    expect(next[3]).toBe(other);

    // Wednesday's triple night: the next push carries the sum so far, not the night alone.
    const tripled = applyOrderPush(next, { ...charged, Swap: -3, NetProfits: -3.2 });
    expect(findOrder(tripled[1], 2)).toMatchObject({ Swap: -3, NetProfits: 0.8 });
  });

  it('ignores a rollover’s push that arrives after the position closed', () => {
    const closed = order(2, { Status: 3, FactProfits: 1, Swap: -0.75, CloseReason: 'manual' });
    const lists: OrderLists = { 1: pages([]), 3: pages([closed]) };
    expect(applyOrderPush(lists, order(2, { Swap: -0.75 }))).toBe(lists);
  });

  it('moves a cancelled order from pending to history without touching the realised total', () => {
    const history = pages([order(1, { Status: 3, FactProfits: 2 })]);
    history.pages[0]!.all_fact_profits = 2;
    const lists: OrderLists = { 0: pages([pendingOrder(4)]), 3: history };
    const next = applyOrderPush(lists, { ...pendingOrder(4), Status: 4, CloseReason: 'cancelled' });
    expect(ids(next[0])).toEqual([]);
    expect(totals(next[0])).toEqual([0]);
    expect(ids(next[3])).toEqual([4, 1]);
    expect(totals(next[3])).toEqual([2]);
    expect(next[3]!.pages[0]!.all_fact_profits).toBe(2);
  });

  it('moves a closed position to history: out of the floating total, into the realised one', () => {
    const holding = pages([order(8, { FactProfits: 0.3 }), order(7, { FactProfits: -0.1 })]);
    holding.pages[0]!.all_fact_profits = 0.2;
    const history = pages([order(2, { Status: 3, FactProfits: 0.1 })]);
    history.pages[0]!.all_fact_profits = 0.1;
    const closed = order(8, { Status: 3, FactProfits: 0.2, CloseReason: 'tp' });
    const next = applyOrderPush({ 1: holding, 3: history }, closed);
    expect(ids(next[1])).toEqual([7]);
    expect(next[1]!.pages[0]!.all_fact_profits).toBe(-0.1);
    expect(ids(next[3])).toEqual([8, 2]);
    expect(next[3]!.pages[0]!.all_fact_profits).toBe(0.3);

    // The same push again (or the HTTP answer's refetch already showing it) counts nothing twice.
    const again = applyOrderPush(next, closed);
    expect(totals(again[3])).toEqual([2]);
    expect(again[3]!.pages[0]!.all_fact_profits).toBe(0.3);
  });

  it('ignores a push older than what a list shows', () => {
    const lists: OrderLists = { 1: pages([]), 3: pages([order(3, { Status: 3 })]) };
    expect(applyOrderPush(lists, order(3))).toBe(lists);
  });

  it('puts an older order in place by id, or only counts it when its page is not loaded', () => {
    const complete = pages([order(9), order(5)], [order(3)]);
    const next = applyOrderPush({ 1: complete }, order(4));
    expect(ids(next[1])).toEqual([9, 5, 4, 3]);
    expect(totals(next[1])).toEqual([4, 4]);

    const partial = pages([order(9), order(5)]);
    for (const page of partial.pages) page.total = 30;
    const counted = applyOrderPush({ 1: partial }, order(2));
    expect(ids(counted[1])).toEqual([9, 5]);
    expect(totals(counted[1])).toEqual([31]);
  });

  it('leaves tabs that were never loaded alone', () => {
    const next = applyOrderPush({}, order(1));
    expect(next).toEqual({});
  });
});
