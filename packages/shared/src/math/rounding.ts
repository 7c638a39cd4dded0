import { Dec, type DecimalInput } from './decimal.js';
import type { Points, Price, Unitless } from './units.js';

/** Rounds half away from zero to `decimals` places and returns a JSON-safe number. */
export function roundTo(value: DecimalInput, decimals: number): number {
  return new Dec(value).toDecimalPlaces(decimals, Dec.ROUND_HALF_UP).toNumber();
}

/** Formats with exactly `decimals` places (for display: "1.08340"). */
export function formatFixed(value: DecimalInput, decimals: number): string {
  return new Dec(value).toFixed(decimals, Dec.ROUND_HALF_UP);
}

/** 10^0 … 10^18, built once: prices turn into points and back on every order and tick. */
const POWERS_OF_TEN: readonly Dec[] = Array.from({ length: 19 }, (_, i) => new Dec(10).pow(i));

/** 10^precision, exact (the same value `new Dec(10).pow(precision)` gives). */
function tenTo(precision: number): Dec {
  return POWERS_OF_TEN[precision] ?? new Dec(10).pow(precision);
}

/**
 * An integer count of 10^-precision steps ("points") as a decimal price. A number of no unit
 * (a mid, (bid + ask) / 2) is taken as points too; a price, lots or money are refused.
 */
export function pointsToPrice(points: Points | Unitless<number>, precision: number): Price & number {
  return pointsToDecimal(points, precision).toNumber() as Price & number;
}

/** `pointsToPrice` as an exact `Dec`, for math that goes on with it (no trip through a float). */
export function pointsToDecimal(points: Points | Unitless<number>, precision: number): Dec {
  return new Dec(points).div(tenTo(precision));
}

/** A decimal price as a whole number of 10^-precision steps, rounded to the nearest. */
export function priceToPoints(price: Price | Dec, precision: number): Points {
  return new Dec(price).mul(tenTo(precision)).toDecimalPlaces(0, Dec.ROUND_HALF_UP).toNumber() as Points;
}
