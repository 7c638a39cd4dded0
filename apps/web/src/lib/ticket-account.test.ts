import {
  lots,
  moneyAt,
  price,
  stopOutPrice,
  ticketFigures,
  type Order,
  type QuoteLookup,
  type TicketMarket,
  type TradePair,
} from '@pipwise/shared';
import { describe, expect, it } from 'vitest';
import {
  instrumentBook,
  positionRisks,
  swapTermsOf,
  ticketAccountOf,
  ticketInstrumentOf,
  type TicketPair,
} from './ticket-account';

/** Board rows as trade_list answers them (numbers), for the pairs the examples use. */
const pair = (over: Partial<TicketPair> & Pick<TicketPair, 'Code'>): TicketPair => ({
  BaseCurrency: over.Code.slice(0, 3),
  QuoteCurrency: over.Code.slice(3),
  PricePrecision: 5,
  ForexContNum: 100_000,
  MarginMode: 0,
  ForexFeeRate: 7,
  Pip: 0.01,
  ForexMinCont: 0.01,
  ...over,
});
const PAIRS: TicketPair[] = [
  pair({ Code: 'EURUSD' }),
  pair({ Code: 'USDJPY', PricePrecision: 3 }),
  pair({ Code: 'XAUUSD', PricePrecision: 2, ForexContNum: 100, ForexFeeRate: 10 }),
];
const QUOTES: Record<string, { bid: number; ask: number }> = {
  EURUSD: { bid: 1.158, ask: 1.1581 },
  USDJPY: { bid: 150, ask: 150.02 },
  XAUUSD: { bid: 2400, ask: 2400.3 },
};
const quotes: QuoteLookup = (code) => {
  const q = QUOTES[code];
  return q && { bid: price(q.bid), ask: price(q.ask) };
};
const market: TicketMarket = { quotes, tradeFeeType: 1, stopOutLevel: 50, marginCallLevel: 100 };
const book = instrumentBook(PAIRS);

const position = (Id: number, code: string, over: Partial<Order> = {}): Order => ({
  Id,
  ForexId: Id,
  ForexTradeLists: { ShowCode: code, Code: code, PricePrecision: 5 },
  OrderType: 1,
  Status: 1,
  Quantity: 1,
  Leverage: 100,
  OriginPrice: 1.1581,
  Price: 1.1581,
  UpdatePrice: 1.158,
  FactProfits: -10,
  CautionMoney: 1158.1,
  TradeFee: 7,
  SpreadOpen: 10,
  SpreadClose: 0,
  Swap: 0,
  Commission: 0,
  NetProfits: -17,
  TargetLossPrice: 0,
  TrailingPoints: 0,
  TargetProfitPrice: 0,
  CloseReason: '',
  CloseNote: '',
  CreateTimeHandler: '',
  CompleteTimeHandler: '',
  CreatedAt: 0,
  CompletedAt: 0,
  ...over,
});

describe('the ticket account from the API lists', () => {
  it('names a board row as the ticket math does, with the numbers as their decimal text', () => {
    expect(ticketInstrumentOf(PAIRS[2]! as TradePair)).toEqual({
      code: 'XAUUSD',
      base: 'XAU',
      quote: 'USD',
      precision: 2,
      contractSize: '100',
      marginMode: 0,
      feeRate: '10',
      lotStep: '0.01',
      minLots: '0.01',
    });
  });

  it('takes the swap terms of a board row, as decimal text, for the ticket’s night held', () => {
    const terms = {
      SwapLong: '-6.5',
      SwapShort: '1.25',
      SwapUnit: 'points',
      SwapTripleDay: 'wednesday',
    } as const;
    expect(ticketInstrumentOf({ ...PAIRS[0]!, ...terms }).swap).toEqual({
      long: '-6.5',
      short: '1.25',
      unit: 'points',
      tripleDay: 'wednesday',
    });
    expect(swapTermsOf({ ...terms, SwapUnit: 'percent_per_year', SwapTripleDay: 'none' })).toMatchObject({
      unit: 'percent_per_year',
      tripleDay: 'none',
    });
    // Missing (an older server), or not readable: no terms rather than wrong ones.
    expect(ticketInstrumentOf(PAIRS[0]!)).not.toHaveProperty('swap');
    expect(swapTermsOf({ ...terms, SwapLong: undefined })).toBeUndefined();
    expect(swapTermsOf({ ...terms, SwapShort: '1,25' })).toBeUndefined();
    expect(swapTermsOf({ ...terms, SwapShort: '' })).toBeUndefined();
    expect(swapTermsOf({ ...terms, SwapUnit: 'pips' as 'points' })).toBeUndefined();
    expect(swapTermsOf({ ...terms, SwapTripleDay: 'monday' as 'none' })).toBeUndefined();
  });

  it('takes the live balance, the held funds and every open position with its stored margin', () => {
    const account = ticketAccountOf({
      balance: 9993,
      held: 250.5,
      positions: [
        position(1, 'EURUSD'),
        position(2, 'XAUUSD', { OrderType: 2, Quantity: 0.1, OriginPrice: 2400, CautionMoney: 240 }),
      ],
      book,
    });
    expect(account).toEqual({
      balance: '9993',
      held: '250.5',
      positions: [
        { instrument: book.get('EURUSD'), side: 1, lots: '1', openPrice: '1.1581', margin: '1158.1' },
        { instrument: book.get('XAUUSD'), side: 2, lots: '0.1', openPrice: '2400', margin: '240' },
      ],
    });
  });

  it('is null rather than wrong when a position is on an instrument the board does not list', () => {
    expect(ticketAccountOf({ balance: 1000, held: 0, positions: [position(1, 'GBPUSD')], book })).toBeNull();
    // A row that is not an open position (a stale pending copy) is not priced as one either.
    expect(
      ticketAccountOf({ balance: 1000, held: 0, positions: [position(1, 'EURUSD', { Status: 0 })], book }),
    ).toBeNull();
    expect(ticketAccountOf({ balance: Number.NaN, held: 0, positions: [], book })).toBeNull();
  });
});

describe('each position shows what the ticket showed before the trade', () => {
  // The ticket: a 1-lot EURUSD buy at 1.15810 on 10,000 with a 50-pip stop (fee 7).
  const ticket = ticketFigures({
    order: {
      instrument: book.get('EURUSD')!,
      side: 1,
      lots: lots(1),
      leverage: 100,
      entry: price('1.1581'),
      sl: price('1.1531'),
      tp: price('1.1681'),
    },
    account: { balance: 10_000, held: 0, positions: [] },
    market,
  });
  // The position it became: balance 10,000 − 7, margin 1,158.10, the same stops.
  const booked = position(7, 'EURUSD', { TargetLossPrice: 1.1531, TargetProfitPrice: 1.1681 });
  const account = ticketAccountOf({ balance: 9993, held: 0, positions: [booked], book })!;
  const risks = positionRisks({ orders: [booked], account, market, book });

  it('its stop-out price and money at the stops equal the ticket’s', () => {
    const risk = risks.get(7)!;
    expect(risk.stopOut?.toString()).toBe(ticket.stopOutPrice?.toString());
    expect(risk.stopOut?.toString()).toBe('1.06396');
    expect(risk.atStop?.toString()).toBe(ticket.atStop?.money.toString());
    expect(risk.atStop?.toString()).toBe('-500');
    expect(risk.atTarget?.toString()).toBe('1000');
  });

  it('every position on an instrument shares its stop-out price; other instruments have their own', () => {
    const gold = position(8, 'XAUUSD', {
      OrderType: 2,
      Quantity: 0.5,
      OriginPrice: 2400,
      CautionMoney: 1200,
    });
    const both = ticketAccountOf({
      balance: 9993,
      held: 0,
      positions: [booked, position(9, 'EURUSD'), gold],
      book,
    })!;
    const r = positionRisks({ orders: [booked, position(9, 'EURUSD'), gold], account: both, market, book });
    expect(r.get(7)!.stopOut?.toString()).toBe(r.get(9)!.stopOut?.toString());
    expect(r.get(8)!.stopOut?.toString()).toBe(
      stopOutPrice({ instrument: book.get('XAUUSD')!, account: both, market })?.toString(),
    );
    // A sell of gold is stopped out above the current price.
    expect(r.get(8)!.stopOut!.gt(2400)).toBe(true);
  });

  it('converts a yen-quoted position’s money at its stop as the server would close it', () => {
    const usdjpy = position(5, 'USDJPY', {
      Quantity: 1,
      OriginPrice: 150.02,
      CautionMoney: 1000,
      TargetLossPrice: 149.52,
    });
    const acc = ticketAccountOf({ balance: 10_000, held: 0, positions: [usdjpy], book })!;
    const risk = positionRisks({ orders: [usdjpy], account: acc, market, book }).get(5)!;
    const expected = moneyAt({
      order: {
        instrument: book.get('USDJPY')!,
        side: 1,
        lots: lots('1'),
        leverage: 100,
        entry: price('150.02'),
      },
      exit: price('149.52'),
      quotes,
    });
    expect(risk.atStop?.toString()).toBe(expected.toString());
    expect(risk.atStop?.toString()).toBe('-334.381061');
  });

  it('leaves out what cannot be priced: no stops set, the account unknown, no quote', () => {
    const plain = position(1, 'EURUSD');
    expect(positionRisks({ orders: [plain], account: null, market, book }).get(1)).toEqual({
      stopOut: undefined,
      atStop: null,
      atTarget: null,
    });
    const noQuote: TicketMarket = { ...market, quotes: () => undefined };
    const acc = ticketAccountOf({ balance: 1000, held: 0, positions: [plain], book })!;
    expect(
      positionRisks({ orders: [plain], account: acc, market: noQuote, book }).get(1)?.stopOut,
    ).toBeNull();
  });
});
