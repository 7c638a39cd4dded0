/**
 * Units as types (docs/money.md "Units"): money, prices, points and lots are plain JS numbers
 * (prices and lots also their decimal text) at run time; the brand makes handing one where
 * another is meant — a price where points are meant, lots where micro-USD are, a bare number
 * where a price is — a type error. A value gets its brand where it is born: the parsing or
 * validation of an input, a database column declared with it, a quote from the feed, a
 * conversion (`toMicros`, `pointsToPrice`, `priceToPoints`), or at a trusted boundary with its
 * constructor below; never by a cast at a call site. Arithmetic drops the brand: a sum of
 * micro-USD values is marked again where it is made, and exact math goes on in `Dec`.
 */
declare const unit: unique symbol;

/** An integer count of 1e-6 USD (balances, holds, fees, margins, profits as stored). */
export type MicroUsd = number & { readonly [unit]: 'micro-USD' };

/**
 * A quoted price as a decimal (1.10345 for EURUSD): a JS number, or its decimal text
 * ("1.10345") as the app hands the API's prices to the math. Never an integer of points.
 */
export type Price = (number | string) & { readonly [unit]: 'price' };

/**
 * An integer count of the instrument's price steps (10^-precision): a price as the server
 * keeps it (1.10345 at 5 decimals is 110345 points: quotes, ticks, candles, order columns),
 * a spread (12) or a distance from the entry.
 */
export type Points = number & { readonly [unit]: 'points' };

/**
 * A trade volume in lots (0.01): the canonical decimal text the contract and the database
 * carry ("0.01"), or the number the API's `Quantity`, `Pip` and `ForexMinCont` hold.
 */
export type Lots = (number | string) & { readonly [unit]: 'lots' };

/**
 * A value given no unit (a plain number, a mid of two points): accepted where arithmetic on
 * branded values is expected to arrive, while a value of another unit is still refused.
 */
export type Unitless<T> = T & { readonly [unit]?: never };

/** Marks an integer computed from micro-USD values (a sum, a difference) as micro-USD. */
export const microUsd = (value: number): MicroUsd => value as MicroUsd;

/** Marks a quoted price where it enters: a quote from the socket, a price read from the API. */
export function price(value: number): Price & number;
export function price(value: string): Price & string;
export function price(value: number | string): Price;
export function price(value: number | string): Price {
  return value as Price;
}

/** Marks an integer count of price steps where it is made: a tick of the feed, a validated input. */
export const points = (value: number): Points => value as Points;

/** Marks a trade volume where it enters: a validated order, an instrument's lot rules. */
export function lots(value: number): Lots & number;
export function lots(value: string): Lots & string;
export function lots(value: number | string): Lots;
export function lots(value: number | string): Lots {
  return value as Lots;
}
