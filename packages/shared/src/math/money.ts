import { MARGIN_DECIMALS } from '../constants.js';
import { Dec, type DecimalInput } from './decimal.js';
import type { MicroUsd } from './units.js';

/**
 * Conventions of the trading math (one place, so server and app round alike):
 * - inputs are `DecimalInput` (number, numeric string or `Dec`); a number is read by its
 *   shortest decimal spelling (`1.08345` → "1.08345"), never used in float arithmetic;
 * - every result is a `Dec`, rounded once at the end: money (margin, fee, profit, equity)
 *   to 6 decimals, percentages and withdrawal estimates to 2, half away from zero;
 * - storage uses integer micro-USD: convert with {@link toMicros} / {@link fromMicros}.
 */

/** Micro-units in one USD: money is stored as an integer count of 1e-6 USD. */
export const MICROS_PER_USD = 1_000_000;

/** Rounds a money amount to 6 decimals, half away from zero: round(x, 6). */
export function roundMoney(amount: DecimalInput): Dec {
  return new Dec(amount).toDecimalPlaces(MARGIN_DECIMALS, Dec.ROUND_HALF_UP);
}

/** 2^53 − 1 as a `Dec`, built once (toMicros runs for every position of every order check). */
const MAX_SAFE_MICROS = new Dec(Number.MAX_SAFE_INTEGER);

/**
 * A USD amount as an integer count of micro-USD: round(amount × 1 000 000, 0), half away
 * from zero. Throws RangeError beyond ±2^53 − 1 micros (±9 007 199 254 USD), where a JS
 * number could no longer hold the integer exactly.
 */
export function toMicros(amount: DecimalInput): MicroUsd {
  const micros = new Dec(amount).mul(MICROS_PER_USD).toDecimalPlaces(0, Dec.ROUND_HALF_UP);
  if (!micros.abs().lte(MAX_SAFE_MICROS)) {
    throw new RangeError(`amount ${new Dec(amount).toString()} does not fit in safe integer micros`);
  }
  return micros.toNumber() as MicroUsd;
}

/** Integer micro-USD as an exact decimal USD amount: micros / 1 000 000. */
export function fromMicros(micros: MicroUsd): Dec {
  if (!Number.isSafeInteger(micros)) throw new RangeError(`micros must be a safe integer, got ${micros}`);
  return new Dec(micros).div(MICROS_PER_USD);
}

/** Σ amounts, exact, rounded to 6 decimals: round(a₁ + a₂ + … + aₙ, 6); 0 for none. */
export function sumMoney(amounts: readonly DecimalInput[]): Dec {
  return roundMoney(amounts.reduce<Dec>((sum, a) => sum.plus(a), new Dec(0)));
}
