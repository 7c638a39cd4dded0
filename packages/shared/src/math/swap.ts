import { type Dec, type DecimalInput } from './decimal.js';
import { roundMoney } from './money.js';
import { type Lots } from './units.js';
import { finite, positive } from './validate.js';

/**
 * Overnight financing ("swap"), as brokers quote it per instrument and side: a long rate and
 * a short rate, each either in **points** per lot per night or in **percent per year** of the
 * position's notional. A negative rate is charged to the trader, a positive one paid to them.
 */
export const SWAP_UNITS = ['points', 'percent_per_year'] as const;
export type SwapUnit = (typeof SWAP_UNITS)[number];

/**
 * The widest rates an operator may set: 100,000 points per lot per night (a point of BTC/USD
 * at 2 decimals is $0.01 a coin), and 100 % a year of the notional.
 */
export const MAX_SWAP_POINTS = 100_000;
export const MAX_SWAP_PERCENT = 100;
/** Decimals of a rate, in either unit. */
export const SWAP_RATE_DECIMALS = 4;

/** Days a percent-per-year rate is divided by: the money-market convention brokers use. */
export const SWAP_DAY_COUNT = 360;

/**
 * One night's financing of a position, USD, signed (negative: the trader pays), 6 decimals
 * half away from zero, rounded once:
 *
 * - points:            rate × pointSize × lots × contractSize × quoteToUsd
 * - percent per year:  rate ÷ 100 ÷ 360 × lots × contractSize × baseToUsd
 *
 * `rate` is the instrument's rate for the position's side. `pointSize` is one point of the
 * price (10^−precision); `quoteToUsd` turns a price difference into USD (1 for XXX/USD);
 * `baseToUsd` is one unit of the base in USD at the rollover price (the notional's rate).
 */
export function nightlySwap(input: {
  unit: SwapUnit;
  rate: DecimalInput;
  lots: Lots | Dec;
  contractSize: DecimalInput;
  pointSize: DecimalInput;
  quoteToUsd: DecimalInput;
  baseToUsd: DecimalInput;
}): Dec {
  const rate = finite('rate', input.rate);
  const units = positive('lots', input.lots).mul(positive('contractSize', input.contractSize));
  if (input.unit === 'points')
    return roundMoney(
      rate
        .mul(positive('pointSize', input.pointSize))
        .mul(units)
        .mul(positive('quoteToUsd', input.quoteToUsd)),
    );
  return roundMoney(rate.div(100).div(SWAP_DAY_COUNT).mul(units).mul(positive('baseToUsd', input.baseToUsd)));
}

/** An instrument's financing terms as operators set them (rates signed: negative is charged). */
export interface SwapTerms {
  long: DecimalInput;
  short: DecimalInput;
  unit: SwapUnit;
  tripleDay: TripleSwapDay;
}

/** Which weekday's rollover counts three nights (the weekend's two with its own). */
export const TRIPLE_SWAP_DAYS = ['wednesday', 'friday', 'none'] as const;
export type TripleSwapDay = (typeof TRIPLE_SWAP_DAYS)[number];

const WEEKDAY = { sunday: 0, monday: 1, tuesday: 2, wednesday: 3, thursday: 4, friday: 5, saturday: 6 };

/**
 * How many nights the rollover at the end of trading day `weekday` (0 Sunday … 6 Saturday, of
 * the trading day that ends at that rollover) charges: three on the instrument's triple day —
 * Wednesday for currencies and metals (a trade on Wednesday settles over the weekend), Friday
 * for most CFDs — none on a day the market does not trade, one otherwise. Instruments that
 * trade every day (`none`, crypto) charge one night every day.
 */
export function swapNights(weekday: number, triple: TripleSwapDay, tradesOnWeekends: boolean): 0 | 1 | 3 {
  if (!Number.isInteger(weekday) || weekday < 0 || weekday > 6) throw new RangeError(`weekday ${weekday}`);
  const weekend = weekday === WEEKDAY.saturday || weekday === WEEKDAY.sunday;
  if (weekend && !tradesOnWeekends) return 0;
  if (triple !== 'none' && weekday === WEEKDAY[triple]) return 3;
  return 1;
}

/** The rate a position on `side` (1 buy, 2 sell) pays or earns: the long rate or the short one. */
export const swapRateFor = <T>(side: 1 | 2, rates: { long: T; short: T }): T =>
  side === 1 ? rates.long : rates.short;
