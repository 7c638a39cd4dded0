import { describe, expect, it } from 'vitest';
import { Dec } from './decimal.js';
import { isLotMultiple } from './lots.js';
import { marginRequired } from './margin.js';
import { fromMicros, toMicros } from './money.js';
import { positionProfit } from './profit.js';
import { baseToUsd } from './rates.js';
import { pointsToPrice, priceToPoints } from './rounding.js';
import { lots, microUsd, points, price, type Lots, type MicroUsd, type Points, type Price } from './units.js';

/**
 * The units are types: these lines compile only while mixing them is refused (typecheck runs
 * the test files too, and an `@ts-expect-error` that no longer finds its error fails it).
 * Each refused line still runs, to show what the mix-up would silently have computed.
 */
describe('units as types', () => {
  it('takes micro-USD only where micro-USD is meant', () => {
    // @ts-expect-error a bare number carries no unit
    expect(fromMicros(5).toString()).toBe('0.000005');
    // @ts-expect-error a price in points is not money
    expect(fromMicros(priceToPoints(price('0.00005'), 5)).toString()).toBe('0.000005');
    // @ts-expect-error lots are not money: 1 lot would read as 0.000001 USD
    expect(fromMicros(lots(1)).toString()).toBe('0.000001');
    const fee: MicroUsd = toMicros('1.25');
    expect(fromMicros(fee).toString()).toBe('1.25');
    expect(fromMicros(microUsd(fee + fee)).toString()).toBe('2.5');
  });

  it('takes a price only where a price is meant', () => {
    const eurusd = { side: 'buy', contractSize: 100_000, quoteToUsd: 1, lots: lots(1) } as const;
    const [open, close] = [price('1.08350'), price('1.08500')];
    expect(positionProfit({ ...eurusd, openPrice: open, closePrice: close }).toString()).toBe('150');
    // An exact decimal computed from prices is taken as it is.
    expect(positionProfit({ ...eurusd, openPrice: new Dec(open), closePrice: close }).toString()).toBe('150');
    // @ts-expect-error a bare number carries no unit
    expect(positionProfit({ ...eurusd, openPrice: 1.0835, closePrice: close }).toString()).toBe('150');
    // @ts-expect-error nor does decimal text
    expect(positionProfit({ ...eurusd, openPrice: '1.08350', closePrice: close }).toString()).toBe('150');
    // @ts-expect-error points are not a price: 108350 would be read as 108,350.00000
    expect(positionProfit({ ...eurusd, openPrice: points(108_350), closePrice: close }).gt(0)).toBe(false);
    // @ts-expect-error points are not a price
    expect(baseToUsd({ base: 'EUR', price: points(108_350), quoteToUsd: 1 }).toString()).toBe('108350');
    // @ts-expect-error lots are not a price
    expect(baseToUsd({ base: 'EUR', price: lots('0.5'), quoteToUsd: 1 }).toString()).toBe('0.5');
  });

  it('takes points only where points are meant', () => {
    expect(pointsToPrice(points(115_791), 5)).toBe(1.15791);
    expect(priceToPoints(price('1.15791'), 5)).toBe(115_791);
    // A mid of two quotes in points is arithmetic on points, with no unit of its own: taken as points.
    expect(pointsToPrice((points(115_790) + points(115_792)) / 2, 5)).toBe(1.15791);
    // @ts-expect-error a price is not points: 1.15791 would be read as 0.0000115791
    expect(pointsToPrice(price(1.15791), 5)).toBe(0.0000115791);
    // @ts-expect-error money is not points
    expect(pointsToPrice(toMicros('1'), 5)).toBe(10);
    // @ts-expect-error a bare number is no quote in points until it is branded one
    const spread: Points = 12;
    expect(spread).toBe(12);
  });

  it('takes lots only where lots are meant', () => {
    const leveraged = { contractSize: 100_000, marginMode: 0, leverage: 100, baseToUsd: 1 };
    expect(marginRequired({ ...leveraged, lots: lots('0.5') }).toString()).toBe('500');
    expect(isLotMultiple({ lots: lots(0.3), step: lots('0.1') })).toBe(true);
    // @ts-expect-error decimal text is no volume until it is branded one
    expect(isLotMultiple({ lots: '0.3', step: lots('0.1') })).toBe(true);
    // @ts-expect-error a price is not lots
    expect(marginRequired({ ...leveraged, lots: price(1.1) }).toString()).toBe('1100');
    // @ts-expect-error points are not lots
    expect(marginRequired({ ...leveraged, lots: points(50) }).toString()).toBe('50000');
    // @ts-expect-error a price cannot be kept as lots
    const volume: Lots = price('0.5');
    expect(volume).toBe('0.5');
    // @ts-expect-error nor lots as a price
    const quote: Price = lots(2);
    expect(quote).toBe(2);
  });

  it('costs nothing at run time: a branded value is the same number or text', () => {
    expect(microUsd(1_250_000)).toBe(1_250_000);
    expect(price(1.10345)).toBe(1.10345);
    expect(price('1.10345')).toBe('1.10345');
    expect(points(110_345)).toBe(110_345);
    expect(lots('0.01')).toBe('0.01');
    expect(lots(0.01)).toBe(0.01);
  });
});
