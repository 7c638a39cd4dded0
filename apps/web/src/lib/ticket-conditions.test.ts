import {
  lots,
  price,
  ticketFigures,
  type InstrumentConditions,
  type TicketMarket,
  type TradePair,
  type TradingConditions,
} from '@pipwise/shared';
import { describe, expect, it } from 'vitest';
import { ticketInstrumentOf, type TicketPair } from './ticket-account';
import {
  accountRulesOf,
  BOARD_TERMS,
  chargesCommission,
  commissionTermsOf,
  conditionsFor,
  decimalText,
  leverageCapCut,
  pairWithConditions,
  ticketConditionsOf,
} from './ticket-conditions';

const market: TicketMarket = {
  quotes: (code) => (code === 'EURUSD' ? { bid: price(1.158), ask: price(1.1581) } : undefined),
  tradeFeeType: 1,
  stopOutLevel: 50,
  marginCallLevel: 100,
};
const EURUSD: TicketPair = {
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

type Pair = Pick<TradePair, 'Id' | 'HasForexMultiple' | 'ForexFeeRate'> & { Code: string };

/** A board row as trade_list answers it: the instrument's own leverage choices and fee rate. */
const board: Pair = {
  Id: 1,
  Code: 'EURUSD',
  HasForexMultiple: [{ Value: 10 }, { Value: 50 }, { Value: 100 }, { Value: 500 }],
  ForexFeeRate: 7,
};

const row = (over: Partial<InstrumentConditions> = {}): InstrumentConditions => ({
  id: 1,
  code: 'EURUSD',
  asset_class: 'fx_major',
  cap: 30,
  leverages: [10],
  fee_rate: 5,
  commission: { type: 'per_lot', rate: 3.5, min: 0.5 },
  markup_points: 0,
  ...over,
});

/** The account's conditions as the endpoint answers them (JSON numbers). */
const conditions = (over: Partial<TradingConditions['group']> = {}, rows = [row()]): TradingConditions => ({
  group: {
    name: 'Retail standard',
    professional: 0,
    swap_free: 0,
    trade_fee_type: 1,
    margin_call_level: 120,
    stop_out_level: 40.5,
    ...over,
  },
  instruments: rows,
});

describe('numbers of the API as the math’s decimal text', () => {
  it('writes each number exactly as the JSON had it', () => {
    expect(decimalText(0.5)).toBe('0.5');
    expect(decimalText(3)).toBe('3');
    expect(decimalText(0.1)).toBe('0.1');
    expect(decimalText(12.3456)).toBe('12.3456');
    expect(decimalText(0)).toBe('0');
  });

  it('never in exponent notation', () => {
    expect(decimalText(1e-7)).toBe('0.0000001');
    expect(decimalText(2.5e-7)).toBe('0.00000025');
    expect(decimalText(1e21)).toBe('1000000000000000000000');
  });

  it('refuses what is not a number', () => {
    expect(() => decimalText(Number.NaN)).toThrow(RangeError);
    expect(() => decimalText(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it('gives the commission’s terms as decimal text', () => {
    expect(commissionTermsOf({ type: 'per_million', rate: 0.5, min: 2 })).toEqual({
      type: 'per_million',
      rate: '0.5',
      min: '2',
    });
    expect(commissionTermsOf({ type: 'none', rate: 0, min: 0 })).toEqual({
      type: 'none',
      rate: '0',
      min: '0',
    });
  });

  it('tells terms that charge from terms that do not', () => {
    expect(chargesCommission(undefined)).toBe(false);
    expect(chargesCommission({ type: 'none', rate: '3', min: '1' })).toBe(false);
    expect(chargesCommission({ type: 'per_lot', rate: '0', min: '0' })).toBe(false);
    expect(chargesCommission({ type: 'per_lot', rate: '0', min: '1' })).toBe(true);
    expect(chargesCommission({ type: 'per_million', rate: '30', min: '0' })).toBe(true);
  });
});

describe('the pair as the account trades it', () => {
  it('takes the group’s leverage choices and fee rate in place of the board’s', () => {
    const traded = pairWithConditions(board, row({ leverages: [10, 20, 30], fee_rate: 0.5 }));
    expect(traded.HasForexMultiple).toEqual([{ Value: 10 }, { Value: 20 }, { Value: 30 }]);
    expect(traded.ForexFeeRate).toBe(0.5);
    expect(traded.Code).toBe('EURUSD');
    expect(board.HasForexMultiple).toHaveLength(4); // the board's row is not touched
  });

  it('keeps the board’s pair without terms', () => {
    expect(pairWithConditions(board, undefined)).toBe(board);
  });

  it('finds the pair’s row by its Id', () => {
    const rows = [row({ id: 2, code: 'GBPUSD' }), row()];
    expect(conditionsFor(conditions({}, rows), board)?.code).toBe('EURUSD');
    expect(conditionsFor(conditions({}, rows), { Id: 9 })).toBeUndefined();
    expect(conditionsFor(undefined, board)).toBeUndefined();
  });
});

describe('the note under the leverage picker', () => {
  const choices = board.HasForexMultiple.map((m) => m.Value);

  it('names the cap when it cut choices the instrument offers', () => {
    expect(leverageCapCut(choices, row({ cap: 30, leverages: [10] }))).toBe(30);
  });

  it('names it when every choice was above it and the cap is the one left', () => {
    expect(leverageCapCut([50, 100], row({ cap: 30, leverages: [30] }))).toBe(30);
  });

  it('says nothing when the cap cut nothing, for a professional, or without conditions', () => {
    expect(leverageCapCut([10, 20], row({ cap: 30, leverages: [10, 20] }))).toBeNull();
    expect(leverageCapCut([10, 30], row({ cap: 30, leverages: [10, 30] }))).toBeNull();
    expect(leverageCapCut(choices, row({ cap: null, leverages: choices }))).toBeNull();
    expect(leverageCapCut(choices, undefined)).toBeNull();
  });
});

describe('the account’s fee rule and levels', () => {
  const settings = { trade_fee_type: 0, stop_out_level: 50, margin_call_level: 100 };

  it('are the group’s once the conditions are in', () => {
    expect(accountRulesOf(conditions(), settings)).toEqual({
      tradeFeeType: 1,
      stopOutLevel: '40.5',
      marginCallLevel: '120',
    });
  });

  it('are the operator’s settings before, and unknown while neither is in', () => {
    expect(accountRulesOf(undefined, settings)).toEqual({
      tradeFeeType: 0,
      stopOutLevel: 50,
      marginCallLevel: 100,
    });
    expect(accountRulesOf(undefined, undefined)).toBeUndefined();
  });
});

describe('the ticket’s view of the conditions on a pair', () => {
  it('maps the group’s terms: leverage, fee, commission as text, swap-free, the cap note', () => {
    const { pair, terms } = ticketConditionsOf(
      conditions({ swap_free: 1 }, [
        row({ leverages: [10, 20, 30], commission: { type: 'per_lot', rate: 0.5, min: 1.25 } }),
      ]),
      board,
    );
    expect(pair.HasForexMultiple.map((m) => m.Value)).toEqual([10, 20, 30]);
    expect(pair.ForexFeeRate).toBe(5);
    expect(terms).toEqual({
      commission: { type: 'per_lot', rate: '0.5', min: '1.25' },
      swapFree: true,
      leverageCap: 30,
    });
  });

  it('keeps the board’s pair and terms for a guest, before the conditions, or without a row', () => {
    expect(ticketConditionsOf(undefined, board)).toEqual({ pair: board, terms: BOARD_TERMS });
    const other = ticketConditionsOf(conditions({}, [row({ id: 2 })]), board);
    expect(other.pair).toBe(board);
    expect(other.terms).toBe(BOARD_TERMS);
  });

  it('prices the ticket with them: the group’s fee rate, and the commission deducted with the fee', () => {
    const group = conditions({}, [row({ leverages: [30], fee_rate: 5 })]);
    const traded = ticketConditionsOf(group, { ...EURUSD, Id: 1, HasForexMultiple: board.HasForexMultiple });
    const instrument = ticketInstrumentOf(traded.pair, traded.terms);
    expect(instrument.feeRate).toBe('5');
    expect(instrument.commission).toEqual({ type: 'per_lot', rate: '3.5', min: '0.5' });

    const figures = (inst: typeof instrument) =>
      ticketFigures({
        order: { instrument: inst, side: 'buy', lots: lots('2'), leverage: 30, entry: price(1.1581) },
        account: { balance: 10_000, held: 0, positions: [] },
        market,
      });
    const charged = figures(instrument);
    // 2 lots: a fee of 5 a lot and a commission of 3.50 a lot (above the 0.50 minimum).
    expect(charged.fee.toString()).toBe('10');
    expect(charged.commission.toString()).toBe('7');
    // Both come off the account: free margin after is 7 lower than without a commission.
    const free = figures(ticketInstrumentOf(traded.pair));
    expect(free.commission.toString()).toBe('0');
    expect(free.freeMarginAfter.minus(charged.freeMarginAfter).toString()).toBe('7');
  });

  it('prices no swap on a swap-free account', () => {
    const swapping: TicketPair = {
      ...EURUSD,
      SwapLong: '-6.5',
      SwapShort: '1.2',
      SwapUnit: 'points',
      SwapTripleDay: 'wednesday',
    };
    expect(ticketInstrumentOf(swapping).swap).toBeDefined();
    expect(ticketInstrumentOf(swapping, { swapFree: true }).swap).toBeUndefined();
  });
});
