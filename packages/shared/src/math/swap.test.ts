import { describe, expect, it } from 'vitest';
import { Dec } from './decimal.js';
import { overnightSwap } from './order-charges.js';
import { nightlySwap, swapNights } from './swap.js';
import { ticketFigures } from './ticket.js';
import { lots, price } from './units.js';

/** The worked examples of issue 20, each checked by hand to the micro-dollar. */
describe('overnight financing: one night', () => {
  it('points per lot: EUR/USD long 1 lot at −6.5 points pays 6.50 USD a night', () => {
    // −6.5 × 0.00001 × 1 × 100 000 × 1 = −6.5
    const night = nightlySwap({
      unit: 'points',
      rate: '-6.5',
      lots: lots('1'),
      contractSize: 100_000,
      pointSize: '0.00001',
      quoteToUsd: 1,
      baseToUsd: '1.08',
    });
    expect(night.toString()).toBe('-6.5');
    // The triple day is three nights of it: 19.50.
    expect(night.mul(swapNights(3, 'wednesday', false)).toString()).toBe('-19.5');
  });

  it('points per lot on a yen pair: USD/JPY short 0.5 lots at +12.3 points earns 615 JPY in USD', () => {
    // 12.3 × 0.001 × 0.5 × 100 000 = 615 JPY; ÷ 151.234 = 4.0665458… → 4.066546
    const night = nightlySwap({
      unit: 'points',
      rate: '12.3',
      lots: lots('0.5'),
      contractSize: 100_000,
      pointSize: '0.001',
      quoteToUsd: new Dec(1).div('151.234'),
      baseToUsd: 1,
    });
    expect(night.toString()).toBe('4.066546');
  });

  it('percent per year: gold long 2 lots at −3.25 % on 530 080 USD of notional', () => {
    // 2 × 100 oz × 2 650.40 = 530 080; × −3.25 % ÷ 360 = −47.854444…
    const night = nightlySwap({
      unit: 'percent_per_year',
      rate: '-3.25',
      lots: lots('2'),
      contractSize: 100,
      pointSize: '0.01',
      quoteToUsd: 1,
      baseToUsd: '2650.40',
    });
    expect(night.toString()).toBe('-47.854444');
  });

  it('percent per year: bitcoin short 0.1 lots at +1.5 % earns 0.3625 USD a night', () => {
    // 0.1 × 1 × 87 000 = 8 700; × 1.5 % ÷ 360 = 0.3625
    const night = nightlySwap({
      unit: 'percent_per_year',
      rate: '1.5',
      lots: lots('0.1'),
      contractSize: 1,
      pointSize: '0.01',
      quoteToUsd: 1,
      baseToUsd: 87_000,
    });
    expect(night.toString()).toBe('0.3625');
  });

  it('rounds once, half away from zero, both ways', () => {
    // 36 % ÷ 100 ÷ 360 = 0.001 per USD; × 0.0005 USD = 0.0000005 → ±0.000001
    const half = (rate: string) =>
      nightlySwap({
        unit: 'percent_per_year',
        rate,
        lots: lots('0.0005'),
        contractSize: 1,
        pointSize: '0.01',
        quoteToUsd: 1,
        baseToUsd: 1,
      }).toString();
    expect(half('36')).toBe('0.000001');
    expect(half('-36')).toBe('-0.000001');
    expect(half('0')).toBe('0');
  });

  it('refuses what cannot be a position', () => {
    const base = {
      unit: 'points' as const,
      rate: '-1',
      lots: lots('1'),
      contractSize: 100_000,
      pointSize: '0.00001',
      quoteToUsd: 1,
      baseToUsd: 1,
    };
    expect(() => nightlySwap({ ...base, lots: new Dec(0) })).toThrow(RangeError);
    expect(() => nightlySwap({ ...base, contractSize: -1 })).toThrow(RangeError);
    expect(() => nightlySwap({ ...base, rate: 'NaN' })).toThrow();
  });
});

describe('overnight financing: nights per rollover', () => {
  const week = (triple: 'wednesday' | 'friday' | 'none', weekends: boolean) =>
    [0, 1, 2, 3, 4, 5, 6].map((day) => swapNights(day, triple, weekends));

  it('currencies: three on Wednesday, none at the weekend — seven nights a week', () => {
    expect(week('wednesday', false)).toEqual([0, 1, 1, 3, 1, 1, 0]);
  });

  it('most CFDs: three on Friday', () => {
    expect(week('friday', false)).toEqual([0, 1, 1, 1, 1, 3, 0]);
  });

  it('crypto trades every day: one night each day', () => {
    expect(week('none', true)).toEqual([1, 1, 1, 1, 1, 1, 1]);
  });

  it('every convention charges seven nights a week', () => {
    for (const [triple, weekends] of [
      ['wednesday', false],
      ['friday', false],
      ['none', true],
    ] as const)
      expect(week(triple, weekends).reduce<number>((a, b) => a + b, 0)).toBe(7);
  });

  it('refuses a day that is not a weekday number', () => {
    expect(() => swapNights(7, 'wednesday', false)).toThrow(RangeError);
    expect(() => swapNights(1.5, 'wednesday', false)).toThrow(RangeError);
  });
});

describe('overnight financing on the order ticket', () => {
  const eurusd = {
    code: 'EURUSD',
    base: 'EUR',
    quote: 'USD',
    precision: 5,
    contractSize: 100_000,
    marginMode: 0,
    feeRate: 7,
    lotStep: lots('0.01'),
    minLots: lots('0.01'),
  };
  const usdjpy = { ...eurusd, code: 'USDJPY', base: 'USD', quote: 'JPY', precision: 3 };
  const quotes = (code: string) =>
    ({ EURUSD: { bid: 1.158, ask: 1.1581 }, USDJPY: { bid: 155.2, ask: 155.214 } })[code] as never;
  const terms = { long: '-6.5', short: '1.2', unit: 'points' as const, tripleDay: 'wednesday' as const };
  const order = (instrument: typeof eurusd, side: 'buy' | 'sell', lotsText: string) => ({
    instrument: { ...instrument, swap: terms },
    side,
    lots: lots(lotsText),
    leverage: 100,
    entry: price(side === 'buy' ? 1.1581 : 1.158),
  });

  it("takes the side's rate: a buy pays the long rate, a sell earns the short one", () => {
    expect(overnightSwap({ order: order(eurusd, 'buy', '2'), quotes })?.toString()).toBe('-13');
    expect(overnightSwap({ order: order(eurusd, 'sell', '0.5'), quotes })?.toString()).toBe('0.6');
  });

  it('converts a yen pair’s points at the quote: 1 lot USD/JPY long at −6.5 points', () => {
    // −6.5 × 0.001 × 100 000 = −650 JPY; × 1 ÷ 155.207 (mid) = −4.18795… → −4.187955
    const night = overnightSwap({ order: { ...order(usdjpy, 'buy', '1'), entry: price(155.214) }, quotes });
    expect(night?.toString()).toBe(
      new Dec(-650).div('155.207').toDecimalPlaces(6, Dec.ROUND_HALF_UP).toString(),
    );
  });

  it('is null for an instrument without terms, and reaches the ticket figures', () => {
    const bare = { ...order(eurusd, 'buy', '1'), instrument: eurusd };
    expect(overnightSwap({ order: bare, quotes })).toBeNull();
    const market = { quotes, tradeFeeType: 1, stopOutLevel: 50, marginCallLevel: 100 };
    const account = { balance: 10_000, held: 0, positions: [] };
    expect(
      ticketFigures({ order: order(eurusd, 'buy', '1'), account, market }).swapPerNight?.toString(),
    ).toBe('-6.5');
    expect(ticketFigures({ order: bare, account, market }).swapPerNight).toBeNull();
  });
});
