import { Dec, type DecimalInput } from './decimal.js';

/**
 * Percent change of `close` against the day's `open`, 2 decimals:
 * (close − open) / open × 100. A zero open gives 0.
 */
export function percentChange({ open, close }: { open: DecimalInput; close: DecimalInput }): number {
  const o = new Dec(open);
  if (o.isZero()) return 0;
  return new Dec(close).minus(o).div(o).mul(100).toDecimalPlaces(2, Dec.ROUND_HALF_UP).toNumber();
}
