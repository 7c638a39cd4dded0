import { Dec, lotsFromRisk, price, ticketFigures, type TicketAccount } from '@pipwise/shared';
import { describe, expect, it } from 'vitest';
import { ticketInstrumentOf } from '../../../lib/ticket-account';
import {
  INITIAL_RISK,
  riskBudget,
  riskReducer,
  sizeFromRisk,
  type RiskChoice,
  type RiskSizingInput,
} from './risk-sizing';
import { BTCUSD, EURUSD, market, XAUUSD } from './ticket-test-kit';

const flat = (balance: number): TicketAccount => ({ balance, held: 0, positions: [] });
const percent = (amount: string): RiskChoice => ({
  mode: 'percent',
  amounts: { percent: amount, usd: '100' },
});
const usd = (amount: string): RiskChoice => ({ mode: 'usd', amounts: { percent: '1', usd: amount } });

const input = (over: Partial<RiskSizingInput> = {}): RiskSizingInput => ({
  choice: percent('1'),
  instrument: ticketInstrumentOf(XAUUSD),
  side: 'buy',
  entry: new Dec('2400.3'),
  leverage: 100,
  stopLoss: '2390.30',
  account: flat(10_000),
  market,
  ...over,
});

describe('the risk choice', () => {
  it('starts off with 1 % and 100 USD ready; each mode keeps what was typed for it', () => {
    expect(INITIAL_RISK).toEqual({ mode: 'off', amounts: { percent: '1', usd: '100' } });
    let s = riskReducer(INITIAL_RISK, { type: 'mode', mode: 'percent' });
    s = riskReducer(s, { type: 'amount', amount: '2.5' });
    s = riskReducer(s, { type: 'mode', mode: 'usd' });
    s = riskReducer(s, { type: 'amount', amount: '40' });
    expect(s).toEqual({ mode: 'usd', amounts: { percent: '2.5', usd: '40' } });
    s = riskReducer(riskReducer(s, { type: 'mode', mode: 'off' }), { type: 'mode', mode: 'percent' });
    expect(s).toEqual({ mode: 'percent', amounts: { percent: '2.5', usd: '40' } });
  });

  it('ignores an amount typed while off, and a switch to the mode already on', () => {
    expect(riskReducer(INITIAL_RISK, { type: 'amount', amount: '9' })).toBe(INITIAL_RISK);
    const on = percent('1');
    expect(riskReducer(on, { type: 'mode', mode: 'percent' })).toBe(on);
  });

  it('reads into USD: the amount, or that share of equity at the current quotes', () => {
    expect(riskBudget(usd('250'), null, market)?.toString()).toBe('250');
    expect(riskBudget(percent('1'), flat(10_000), market)?.toString()).toBe('100');
    expect(riskBudget(percent('0.5'), flat(9983.37), market)?.toString()).toBe('49.91685');
    expect(riskBudget(percent('101'), flat(10_000), market)).toBeNull();
    expect(riskBudget(percent('1'), flat(-5), market)).toBeNull();
    expect(riskBudget(percent('1'), null, market)).toBeNull();
  });
});

describe('lots from risk', () => {
  it('1 % of 10,000 with a 10-dollar gold stop: the shared lotsFromRisk’s 0.09 lots, 90 at the stop + 0.90 fee', () => {
    const sizing = sizeFromRisk(input());
    expect(sizing).toMatchObject({ kind: 'sized', cappedByMargin: false });
    if (sizing.kind !== 'sized') throw new Error(sizing.kind);
    const shared = lotsFromRisk({
      order: {
        instrument: ticketInstrumentOf(XAUUSD),
        side: 'buy',
        leverage: 100,
        entry: price('2400.3'),
        sl: price('2390.30'),
      },
      account: flat(10_000),
      market,
      risk: 100,
    });
    expect([
      sizing.lots.toString(),
      sizing.lossAtStop.toString(),
      sizing.fee.toString(),
      sizing.costAtStop.toString(),
      sizing.budget.toString(),
    ]).toEqual([shared.lots.toString(), '90', '0.9', '90.9', '100']);
    expect(sizing.lots.toString()).toBe('0.09');
    // What the ticket then shows at the stop and as the fee for those lots is the same.
    const f = ticketFigures({
      order: {
        instrument: ticketInstrumentOf(XAUUSD),
        side: 'buy',
        lots: sizing.lots,
        leverage: 100,
        entry: price('2400.3'),
        sl: price('2390.30'),
      },
      account: flat(10_000),
      market,
    });
    expect(f.atStop?.money.neg().toString()).toBe(sizing.lossAtStop.toString());
    expect(f.fee.toString()).toBe(sizing.fee.toString());
  });

  it('2 % of 10,000 on EURUSD with a 50.9-pip stop: 0.38 lots (196.08 with the fee), not 0.39 (201.24)', () => {
    const sizing = sizeFromRisk(
      input({
        choice: percent('2'),
        instrument: ticketInstrumentOf(EURUSD),
        entry: new Dec('1.1581'),
        stopLoss: '1.15301',
      }),
    );
    if (sizing.kind !== 'sized') throw new Error(sizing.kind);
    expect([
      sizing.budget.toString(),
      sizing.lots.toString(),
      sizing.lossAtStop.toString(),
      sizing.fee.toString(),
      sizing.costAtStop.toString(),
    ]).toEqual(['200', '0.38', '193.42', '2.66', '196.08']);
    expect(sizing.costAtStop.lte(sizing.budget)).toBe(true);
  });

  it('counts a commission on both sides: 197 USD on EURUSD at 3.5 a lot is 0.37 lots, not 0.38', () => {
    const instrument = {
      ...ticketInstrumentOf(EURUSD),
      commission: { type: 'per_lot' as const, rate: '3.5', min: '0' },
    };
    const sizing = sizeFromRisk(
      input({ choice: usd('197'), instrument, entry: new Dec('1.1581'), stopLoss: '1.15301' }),
    );
    if (sizing.kind !== 'sized') throw new Error(sizing.kind);
    // 188.33 at the stop + 2.59 fee + 1.295 at the open and again at the close.
    expect([sizing.lots, sizing.fee, sizing.commission, sizing.costAtStop].map(String)).toEqual([
      '0.37',
      '2.59',
      '2.59',
      '193.51',
    ]);
  });

  it('an amount in USD, rounded down to the step (EURUSD, 50 pips, 123 USD → 0.24 lots: 120 + 1.68 fee)', () => {
    const sizing = sizeFromRisk(
      input({
        choice: usd('123'),
        instrument: ticketInstrumentOf(EURUSD),
        entry: new Dec('1.1581'),
        stopLoss: '1.1531',
      }),
    );
    expect(sizing).toMatchObject({ kind: 'sized' });
    if (sizing.kind === 'sized')
      expect([sizing.lots.toString(), sizing.lossAtStop.toString(), sizing.costAtStop.toString()]).toEqual([
        '0.24',
        '120',
        '121.68',
      ]);
  });

  it('says when the minimum lot already risks more (0.01 BTC at a 5,000 stop: 50 + 0.20 fee > 20)', () => {
    const sizing = sizeFromRisk(
      input({
        choice: usd('20'),
        instrument: ticketInstrumentOf(BTCUSD),
        entry: new Dec('87530'),
        leverage: 10,
        stopLoss: '82530',
        account: flat(1_000),
      }),
    );
    expect(sizing.kind).toBe('min_too_risky');
    if (sizing.kind === 'min_too_risky')
      expect([sizing.lossAtStop.toString(), sizing.costAtStop.toString()]).toEqual(['50', '50.2']);
  });

  it('is capped by free margin', () => {
    const sizing = sizeFromRisk(
      input({
        choice: usd('5000'),
        instrument: ticketInstrumentOf(BTCUSD),
        entry: new Dec('87530'),
        leverage: 10,
        stopLoss: '86530',
        account: flat(1_000),
      }),
    );
    expect(sizing).toMatchObject({ kind: 'sized', cappedByMargin: true });
    if (sizing.kind === 'sized') expect(sizing.lots.toString()).toBe('0.11');
  });

  it('says none when free margin does not cover the minimum', () => {
    const held: TicketAccount = { balance: 1_000, held: 999, positions: [] };
    expect(
      sizeFromRisk(
        input({
          choice: usd('50'),
          instrument: ticketInstrumentOf(BTCUSD),
          entry: new Dec('87530'),
          leverage: 10,
          stopLoss: '86530',
          account: held,
        }),
      ).kind,
    ).toBe('no_margin');
  });

  it('needs a stop-loss on the losing side, an amount, the account and a price', () => {
    expect(sizeFromRisk(input({ stopLoss: '' })).kind).toBe('need_stop');
    expect(sizeFromRisk(input({ stopLoss: '2410' })).kind).toBe('need_stop');
    expect(sizeFromRisk(input({ side: 'sell', entry: new Dec('2400'), stopLoss: '2390.30' })).kind).toBe(
      'need_stop',
    );
    expect(sizeFromRisk(input({ choice: percent('') })).kind).toBe('need_amount');
    expect(sizeFromRisk(input({ choice: percent('100.5') })).kind).toBe('need_amount');
    expect(sizeFromRisk(input({ account: null })).kind).toBe('unavailable');
    expect(sizeFromRisk(input({ entry: null })).kind).toBe('unavailable');
    expect(sizeFromRisk(input({ choice: INITIAL_RISK })).kind).toBe('off');
  });

  it('a sell sizes from a stop above its entry', () => {
    const sizing = sizeFromRisk(input({ side: 'sell', entry: new Dec('2400'), stopLoss: '2410' }));
    expect(sizing).toMatchObject({ kind: 'sized' });
    if (sizing.kind === 'sized')
      expect([sizing.lots.toString(), sizing.lossAtStop.toString(), sizing.costAtStop.toString()]).toEqual([
        '0.09',
        '90',
        '90.9',
      ]);
  });
});
