/**
 * Units as types (docs/money.md "Units"): money is stored and moved as integer micro-USD,
 * a JS number at run time; the brand makes handing a plain number (a USD amount, a price in
 * points, a count) where micro-USD is expected a type error. A value gets its brand where
 * it is born — `toMicros`, a database column declared with it — or at a trusted boundary
 * with `microUsd` (a sum or difference of micro-USD values), never by a cast at a call site.
 */
declare const unit: unique symbol;

/** An integer count of 1e-6 USD (balances, holds, fees, margins, profits as stored). */
export type MicroUsd = number & { readonly [unit]: 'micro-USD' };

/** Marks an integer computed from micro-USD values (a sum, a difference) as micro-USD. */
export const microUsd = (value: number): MicroUsd => value as MicroUsd;
