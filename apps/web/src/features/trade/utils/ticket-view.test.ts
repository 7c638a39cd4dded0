import { Dec, lots, price, ticketFigures } from '@pipwise/shared';
import { describe, expect, it } from 'vitest';
import { EURUSD, market, ticketInput, XAUUSD } from './ticket-test-kit';
import { checkStop, ticketView } from './ticket-view';

const d = (x: string) => new Dec(x);

describe('where a stop stands (the server’s side rule, plus the spread)', () => {
  const spread = d('0.0001');
  const entry = d('1.1581');
  it('a buy: take-profit above the entry, stop-loss below it and below the opening bid', () => {
    expect(checkStop({ kind: 'tp', side: 'buy', entry, price: d('1.17'), spread })).toBe('ok');
    expect(checkStop({ kind: 'tp', side: 'buy', entry, price: d('1.1581'), spread })).toBe('wrong_side');
    expect(checkStop({ kind: 'sl', side: 'buy', entry, price: d('1.15'), spread })).toBe('ok');
    expect(checkStop({ kind: 'sl', side: 'buy', entry, price: d('1.16'), spread })).toBe('wrong_side');
    // The buy closes at the bid, 1.15800 at the open: a stop there or above is hit at once.
    expect(checkStop({ kind: 'sl', side: 'buy', entry, price: d('1.158'), spread })).toBe('inside_spread');
    expect(checkStop({ kind: 'sl', side: 'buy', entry, price: d('1.15799'), spread })).toBe('ok');
  });

  it('a sell: the other way round, its stop-loss above the opening ask', () => {
    const bid = d('1.158');
    expect(checkStop({ kind: 'tp', side: 'sell', entry: bid, price: d('1.15'), spread })).toBe('ok');
    expect(checkStop({ kind: 'sl', side: 'sell', entry: bid, price: d('1.1581'), spread })).toBe(
      'inside_spread',
    );
    expect(checkStop({ kind: 'sl', side: 'sell', entry: bid, price: d('1.15811'), spread })).toBe('ok');
    expect(checkStop({ kind: 'sl', side: 'sell', entry: bid, price: d('1.15'), spread })).toBe('wrong_side');
    expect(checkStop({ kind: 'sl', side: 'sell', entry: bid, price: null, spread })).toBe('none');
  });
});

describe('the ticket as the trader types', () => {
  it('is the shared ticketFigures at the ask of a market buy, with the account', () => {
    const view = ticketView(ticketInput(EURUSD, { stopLoss: '1.15310', takeProfit: '1.16810' }))!;
    const expected = ticketFigures({
      order: {
        instrument: ticketInput(EURUSD).instrument,
        side: 'buy',
        lots: lots(1),
        leverage: 100,
        entry: price('1.1581'),
        sl: price('1.1531'),
        tp: price('1.1681'),
      },
      account: { balance: 10_000, held: 0, positions: [] },
      market,
    });
    expect(view.entry.toString()).toBe('1.1581');
    expect(view.figures).toEqual(expected);
    // The worked example of docs/money.md: −500 at the stop, +1,000 at the target, 862.02 % after.
    expect(view.figures.atStop?.money.toString()).toBe('-500');
    expect(view.figures.marginLevelAfter?.toString()).toBe('862.02');
    expect([view.withAccount, view.sl, view.tp, view.levelTone]).toEqual([true, 'ok', 'ok', 'safe']);
  });

  it('prices a pending order at its target', () => {
    const view = ticketView(ticketInput(XAUUSD, { mode: 'pending', targetPrice: '2300', lots: '0.1' }))!;
    expect(view.entry.toString()).toBe('2300');
    expect(view.figures.margin.toString()).toBe('230');
  });

  it('for a guest: the order’s own figures, no account figures', () => {
    const view = ticketView(ticketInput(EURUSD, { account: null, stopLoss: '1.1531' }))!;
    expect(view.withAccount).toBe(false);
    expect(view.levelTone).toBeNull();
    expect([
      view.figures.margin.toString(),
      view.figures.fee.toString(),
      view.figures.spreadCost.toString(),
    ]).toEqual(['1158.1', '7', '10']);
    expect(view.figures.atStop?.money.toString()).toBe('-500');
  });

  it('colours the margin level after against the margin-call and stop-out levels', () => {
    // 10 lots of EURUSD on 1,500: margin 11,581, equity after 1,500 − 70 − 100 = 1,330 → 11.48 %.
    const deep = ticketView(
      ticketInput(EURUSD, { lots: '10', account: { balance: 1500, held: 0, positions: [] } }),
    )!;
    expect(deep.levelTone).toBe('stop_out');
    // 1 lot on 1,200: equity after 1,183 over 1,158.10 → 102.15 %, above 100 %; on 1,100 below.
    expect(
      ticketView(ticketInput(EURUSD, { account: { balance: 1200, held: 0, positions: [] } }))!.levelTone,
    ).toBe('safe');
    expect(
      ticketView(ticketInput(EURUSD, { account: { balance: 1100, held: 0, positions: [] } }))!.levelTone,
    ).toBe('margin_call');
  });

  it('shows no money for a stop on the wrong side, and flags it', () => {
    const view = ticketView(ticketInput(EURUSD, { stopLoss: '1.17', takeProfit: '1.15' }))!;
    expect([view.sl, view.tp]).toEqual(['wrong_side', 'wrong_side']);
    expect(view.figures.atStop).toBeNull();
    expect(view.figures.atTarget).toBeNull();
  });

  it('is null while it cannot be priced: no lots, no basic info, no leverage, no quote', () => {
    expect(ticketView(ticketInput(EURUSD, { lots: '' }))).toBeNull();
    expect(ticketView(ticketInput(EURUSD, { market: null }))).toBeNull();
    expect(ticketView(ticketInput(EURUSD, { leverage: null }))).toBeNull();
    expect(ticketView(ticketInput(EURUSD, { market: { ...market, quotes: () => undefined } }))).toBeNull();
  });
});

describe('a night held (docs/money.md "Overnight financing (swap)")', () => {
  const withSwap = (pair: typeof EURUSD, swap: Partial<typeof EURUSD>) => ({ ...pair, ...swap });

  it('prices one night for the order’s side from the board’s terms, in points', () => {
    // −6.5 points × 0.00001 × 1 lot × 100,000 = −6.50 USD a night for a buy; +1.2 for a sell.
    const pair = withSwap(EURUSD, {
      SwapLong: '-6.5',
      SwapShort: '1.2',
      SwapUnit: 'points',
      SwapTripleDay: 'wednesday',
    });
    expect(ticketView(ticketInput(pair))!.figures.swapPerNight?.toString()).toBe('-6.5');
    expect(ticketView(ticketInput(pair, { side: 'sell' }))!.figures.swapPerNight?.toString()).toBe('1.2');
  });

  it('prices a percent-a-year rate on the notional at the entry', () => {
    // −5 % ÷ 360 × 0.1 lot × 100 oz × 2,400.30 (the ask) = −3.33375 USD a night.
    const pair = withSwap(XAUUSD, {
      SwapLong: '-5',
      SwapShort: '-1',
      SwapUnit: 'percent_per_year',
      SwapTripleDay: 'wednesday',
    });
    expect(ticketView(ticketInput(pair, { lots: '0.1' }))!.figures.swapPerNight?.toString()).toBe('-3.33375');
  });

  it('has none without terms, or with terms the app cannot read', () => {
    expect(ticketView(ticketInput(EURUSD))!.figures.swapPerNight).toBeNull();
    const broken = withSwap(EURUSD, {
      SwapLong: 'abc',
      SwapShort: '1',
      SwapUnit: 'points',
      SwapTripleDay: 'wednesday',
    });
    expect(ticketView(ticketInput(broken))!.figures.swapPerNight).toBeNull();
  });
});
