import { Dec } from './decimal.js';
import { lots as asLots, microUsd, type Lots, type MicroUsd } from './units.js';
import { finite } from './validate.js';

// A partial close (docs/money.md "Partial close and close all"): the part closed becomes an
// order of its own, the rest stays the position. What the opening charged and the position
// has carried since — margin, fee, the open's commission, the spread paid at the open, the
// financing so far — is split between the two in proportion to their lots, in integer
// micro-USD, so that the two parts always sum exactly to what the position held.

/** What a position's volume splits into: the lots closed and the lots that stay open. */
export interface LotsSplit {
  part: Lots & string;
  rest: Lots & string;
}

/**
 * The lots that stay open when `part` of `lots` closes: lots − part, exact, as canonical
 * decimal text ("0.3", never "0.30"). RangeError unless 0 < part < lots.
 */
export function splitLots({ lots, part }: { lots: Lots; part: Lots }): LotsSplit {
  const whole = finite('lots', lots);
  const closed = finite('part', part);
  if (!closed.gt(0) || !closed.lt(whole))
    throw new RangeError(`part must be > 0 and < lots, got ${closed.toString()} of ${whole.toString()}`);
  return { part: asLots(closed.toFixed()), rest: asLots(whole.minus(closed).toFixed()) };
}

/** A decimal as an integer count of 10^-scale (exact: the caller picked a scale that holds it). */
function scaled(value: Dec, scale: number): bigint {
  return BigInt(value.mul(new Dec(10).pow(scale)).toFixed(0));
}

/**
 * One amount split by lots: the part's share is floor(|amount| × part ÷ lots) micro-USD with
 * the amount's sign (an integer division, exact: no rounding of a quotient), the rest keeps
 * what is left. So part + rest = amount exactly, neither has the other sign nor is larger
 * than the amount, and the part is within one micro-USD of its exact proportional share.
 * RangeError unless 0 < part < lots and the amount is a safe integer.
 */
export function splitAmount(
  amount: MicroUsd,
  { lots, part }: { lots: Lots; part: Lots },
): { part: MicroUsd; rest: MicroUsd } {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`amount must be integer micro-USD, got ${amount}`);
  const whole = finite('lots', lots);
  const closed = finite('part', part);
  if (!closed.gt(0) || !closed.lt(whole))
    throw new RangeError(`part must be > 0 and < lots, got ${closed.toString()} of ${whole.toString()}`);
  // Both volumes as integers on one scale: their ratio is then a ratio of integers.
  const scale = Math.max(whole.decimalPlaces(), closed.decimalPlaces());
  const magnitude = BigInt(Math.abs(amount)) * scaled(closed, scale);
  const share = Number(magnitude / scaled(whole, scale));
  const signed = amount < 0 ? -share : share;
  return { part: microUsd(signed), rest: microUsd(amount - signed) };
}

/**
 * Every amount of a position split by lots (`splitAmount` on each): what goes with the part
 * closed and what stays with the rest, under the same names.
 */
export function splitCharges<K extends string>(
  charges: Readonly<Record<K, MicroUsd>>,
  split: { lots: Lots; part: Lots },
): { part: Record<K, MicroUsd>; rest: Record<K, MicroUsd> } {
  const part = {} as Record<K, MicroUsd>;
  const rest = {} as Record<K, MicroUsd>;
  for (const key of Object.keys(charges) as K[]) {
    const shares = splitAmount(charges[key], split);
    part[key] = shares.part;
    rest[key] = shares.rest;
  }
  return { part, rest };
}
