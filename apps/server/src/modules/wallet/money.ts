import { Dec, type DecimalInput } from '@pipwise/shared';

/** Money is stored as integer micro-units (1e-6 USD). */
export const MICROS = 1_000_000;

/** Exact conversion of a decimal amount to micro-units (rounded half up at the 6th decimal). */
export function toMicros(amount: DecimalInput): number {
  return new Dec(amount).mul(MICROS).toDecimalPlaces(0, Dec.ROUND_HALF_UP).toNumber();
}

/** Micro-units as a decimal number of USD. */
export function fromMicros(micros: number): number {
  return new Dec(micros).div(MICROS).toNumber();
}
