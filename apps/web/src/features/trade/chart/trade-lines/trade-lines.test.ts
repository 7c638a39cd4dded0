import { lots, price, type Order, type PriceAlert } from '@pipwise/shared';
import { describe, expect, it } from 'vitest';
import { ticketInstrumentOf } from '../../../../lib/ticket-account';
import { BTCUSD, quotes } from '../../utils/ticket-test-kit';
import { pendingInputOf, pendingMoveFigures, stopMoveFigures, stopsInputOf } from './stop-move-figures';
import { lotsText, tradeLinesOf } from './trade-line-model';

const BTC = 26;

function order(over: Partial<Order>): Order {
  return {
    Id: 1,
    ForexId: BTC,
    ForexTradeLists: { ShowCode: 'BTC/USD', Code: 'BTCUSD', PricePrecision: 2 },
    OrderType: 1,
    Status: 1,
    Quantity: 0.1,
    Leverage: 10,
    OriginPrice: 87_500,
    Price: 87_500,
    UpdatePrice: 87_500,
    FactProfits: 0,
    CautionMoney: 875,
    TradeFee: 1,
    SpreadOpen: 0,
    SpreadClose: 0,
    Swap: 0,
    Commission: 0,
    NetProfits: 0,
    TargetLossPrice: 0,
    TargetProfitPrice: 0,
    TrailingPoints: 0,
    CloseReason: '',
    CloseNote: '',
    CreateTimeHandler: '',
    CompleteTimeHandler: '',
    CreatedAt: 0,
    CompletedAt: 0,
    ...over,
  };
}

const alert = (over: Partial<PriceAlert>): PriceAlert => ({
  id: 9,
  forex_id: BTC,
  code: 'BTCUSD',
  precision: 2,
  kind: 'price',
  direction: 'above',
  price: 90_000,
  window: '',
  percent: '',
  created_at: 0,
  fired_at: 0,
  fired_price: 0,
  fired_reference: 0,
  ...over,
});

const t = (key: string, values?: { lots: string }) => (values ? `${key}(${values.lots})` : key);

describe('the chart’s trade lines', () => {
  it('draws a position’s entry, TP and SL, a pending order’s price and stops, the pair’s armed alerts', () => {
    const lines = tradeLinesOf({
      forexId: BTC,
      orders: [
        order({ Id: 1, TargetProfitPrice: 90_000, TargetLossPrice: 86_000 }),
        order({
          Id: 2,
          Status: 0,
          OrderType: 2,
          OriginPrice: 0,
          Price: 88_000,
          Quantity: 1.25,
          TargetLossPrice: 89_000,
        }),
        // Another pair's, and one no longer open: not on this chart.
        order({ Id: 3, ForexId: 27, TargetLossPrice: 1 }),
        order({ Id: 4, Status: 3 }),
      ],
      alerts: [
        alert({}),
        alert({ id: 10, fired_at: 5 }),
        alert({ id: 11, kind: 'move', price: 0 }),
        alert({ id: 12, forex_id: 27 }),
      ],
      t,
    });
    expect(lines.map((l) => [l.key, l.price, l.label, l.draggable])).toEqual([
      ['order:1:entry', 87_500, 'chart_lines.buy(0.10)', false],
      ['order:1:tp', 90_000, 'chart_lines.tp', true],
      ['order:1:sl', 86_000, 'chart_lines.sl', true],
      ['order:2:pending', 88_000, 'chart_lines.pending_sell(1.25)', true],
      ['order:2:sl', 89_000, 'chart_lines.sl', true],
      ['alert:9', 90_000, '', false],
    ]);
  });

  it('leaves a stop-loss a trailing stop moves where the engine puts it', () => {
    const lines = tradeLinesOf({
      forexId: BTC,
      orders: [order({ TargetLossPrice: 86_000, TrailingPoints: 50_000 })],
      alerts: [],
      t,
    });
    expect(lines.find((l) => l.kind === 'sl')?.draggable).toBe(false);
  });

  it('writes lots with two decimals at least', () => {
    expect([lotsText(0.1), lotsText(1), lotsText(0.015)]).toEqual(['0.10', '1.00', '0.015']);
  });
});

describe('moving a stop from the chart', () => {
  const instrument = ticketInstrumentOf(BTCUSD);
  // 10,000 USD and this one position at its entry: equity 10,000.
  const position = order({ TargetLossPrice: 86_000, TargetProfitPrice: 90_000, TrailingPoints: 0 });
  const account = {
    balance: '10000',
    held: '0',
    positions: [
      { instrument, side: 1 as const, lots: lots('0.1'), openPrice: price('87500'), margin: '875' },
    ],
  };

  it('shows the money at the old and the new stop-loss, with the share of equity', () => {
    const figures = stopMoveFigures({
      move: { order: position, kind: 'sl', price: '85000.00' },
      instrument,
      account,
      quotes,
    });
    // A buy of 0.1 BTC closes at the bid: (85,000 − 87,500) × 0.1 = −250 USD.
    expect(figures?.now?.money.toString()).toBe('-150');
    expect(figures?.next.money.toString()).toBe('-250');
    expect(figures?.next.percentOfEquity?.toString()).toBe('-2.5');
    expect(figures?.next.points.toString()).toBe('250000');
    expect(figures?.next.pips).toBeNull();
  });

  it('prices a pending order’s target from its own price, and says nothing without quotes', () => {
    const pending = order({ Status: 0, OriginPrice: 0, Price: 88_000, TargetProfitPrice: 0 });
    const figures = stopMoveFigures({
      move: { order: pending, kind: 'tp', price: '89000' },
      instrument,
      account: null,
      quotes,
    });
    expect(figures?.now).toBeNull();
    expect(figures?.next.money.toString()).toBe('100');
    expect(figures?.next.percentOfEquity).toBeNull();
    expect(
      stopMoveFigures({
        move: { order: pending, kind: 'tp', price: '89000' },
        instrument,
        account: null,
        quotes: () => undefined,
      }),
    ).toBeNull();
  });

  it('sends the moved stop and keeps the other one and the trailing distance', () => {
    expect(stopsInputOf({ order: position, kind: 'sl', price: '85000.50' })).toEqual({
      id: 1,
      target_profit_price: 90_000,
      stop_loss_price: 85_000.5,
      trailing_points: undefined,
    });
    expect(
      stopsInputOf({
        order: order({ TargetLossPrice: 86_000, TrailingPoints: 30 }),
        kind: 'tp',
        price: '91000',
      }),
    ).toEqual({
      id: 1,
      target_profit_price: 91_000,
      stop_loss_price: 86_000,
      trailing_points: 30,
    });
  });
});

describe('moving a pending order’s price from the chart', () => {
  const instrument = ticketInstrumentOf(BTCUSD);
  const account = {
    balance: '10000',
    held: '0',
    positions: [
      { instrument, side: 1 as const, lots: lots('0.1'), openPrice: price('87500'), margin: '875' },
    ],
  };
  // A buy of 0.1 BTC waiting at 88,000 with its take-profit at 90,000 and stop-loss at 87,000.
  const pending = order({
    Id: 7,
    Status: 0,
    OriginPrice: 0,
    Price: 88_000,
    TargetProfitPrice: 90_000,
    TargetLossPrice: 87_000,
  });

  it('prices its stops from the old and the new entry, and the margin it will hold there', () => {
    const figures = pendingMoveFigures({
      move: { order: pending, kind: 'pending', price: '87500.00' },
      instrument,
      account,
      quotes,
    });
    // (90,000 − 88,000) × 0.1 = 200 now; from 87,500: 250, 2.5 % of the 10,000 equity.
    expect(figures?.tp?.now.money.toString()).toBe('200');
    expect(figures?.tp?.next.money.toString()).toBe('250');
    expect(figures?.tp?.next.percentOfEquity?.toString()).toBe('2.5');
    expect(figures?.tp?.next.points.toString()).toBe('250000');
    // (87,000 − 88,000) × 0.1 = −100 now; from 87,500: −50.
    expect(figures?.sl?.now.money.toString()).toBe('-100');
    expect(figures?.sl?.next.money.toString()).toBe('-50');
    // 0.1 × 1 × price ÷ 10: 880 at 88,000, 875 at 87,500.
    expect(figures?.margin.now.toString()).toBe('880');
    expect(figures?.margin.next.toString()).toBe('875');
  });

  it('leaves a missing stop out, and says nothing without quotes or for another kind of move', () => {
    const bare = order({ Status: 0, OriginPrice: 0, Price: 88_000 });
    const figures = pendingMoveFigures({
      move: { order: bare, kind: 'pending', price: '89000' },
      instrument,
      account: null,
      quotes,
    });
    expect(figures?.tp).toBeNull();
    expect(figures?.sl).toBeNull();
    expect(figures?.margin.next.toString()).toBe('890');
    const move = { order: pending, kind: 'pending' as const, price: '89000' };
    expect(pendingMoveFigures({ move, instrument, account, quotes: () => undefined })).toBeNull();
    expect(pendingMoveFigures({ move: { ...move, kind: 'tp' }, instrument, account, quotes })).toBeNull();
    // A stop's figures are not a price move's.
    expect(stopMoveFigures({ move, instrument, account, quotes })).toBeNull();
  });

  it('sends the order and its new price as the pair writes it', () => {
    expect(pendingInputOf({ order: pending, kind: 'pending', price: '87500.50' })).toEqual({
      id: 7,
      target_price: '87500.50',
    });
  });
});
