import { Dec, type DecimalInput } from './decimal.js';

/** Rounds half away from zero to `decimals` places and returns a JSON-safe number. */
export function roundTo(value: DecimalInput, decimals: number): number {
  return new Dec(value).toDecimalPlaces(decimals, Dec.ROUND_HALF_UP).toNumber();
}

/** Formats with exactly `decimals` places (for display: "1.08340"). */
export function formatFixed(value: DecimalInput, decimals: number): string {
  return new Dec(value).toFixed(decimals, Dec.ROUND_HALF_UP);
}

/** An integer count of 10^-precision steps ("points") as a decimal price. */
export function pointsToPrice(points: number, precision: number): number {
  return new Dec(points).div(new Dec(10).pow(precision)).toNumber();
}

/** A decimal price as a whole number of 10^-precision steps, rounded to the nearest. */
export function priceToPoints(price: DecimalInput, precision: number): number {
  return new Dec(price).mul(new Dec(10).pow(precision)).toDecimalPlaces(0, Dec.ROUND_HALF_UP).toNumber();
}
