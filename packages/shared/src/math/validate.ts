import { Dec, type DecimalInput } from './decimal.js';

// Internal guards of the math functions (not exported from the package): bad input is a
// programming error at the caller, so it throws RangeError instead of returning NaN.

/** `value` as a Dec, or RangeError when it is not a finite decimal number. */
export function finite(name: string, value: DecimalInput): Dec {
  let d: Dec;
  try {
    d = new Dec(value);
  } catch {
    throw new RangeError(`${name} must be a number, got ${String(value)}`);
  }
  if (!d.isFinite()) throw new RangeError(`${name} must be a finite number, got ${d.toString()}`);
  return d;
}

/** `value` as a Dec, or RangeError when it is not a finite number > 0. */
export function positive(name: string, value: DecimalInput): Dec {
  const d = finite(name, value);
  if (!d.gt(0)) throw new RangeError(`${name} must be > 0, got ${d.toString()}`);
  return d;
}

/** `value` as a Dec, or RangeError when it is not a finite number ≥ 0. */
export function nonNegative(name: string, value: DecimalInput): Dec {
  const d = finite(name, value);
  if (d.lt(0)) throw new RangeError(`${name} must be ≥ 0, got ${d.toString()}`);
  return d;
}
