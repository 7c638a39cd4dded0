import { Dec, type DecimalInput } from './decimal.js';
import { finite, nonNegative } from './validate.js';

// The risk decisions of docs/money.md. They take the margin level exactly as the trader is
// shown it (accountMarginLevel: 2 decimals), so what is displayed and what is decided can
// never disagree: a level shown as 50.00 % is at a 50 % stop-out level.

/**
 * Stop-out is due when positions are open and the margin level is at or below the
 * stop-out level: marginLevel ≤ stopOutLevel. No open position (level null): never.
 */
export function isStopOutDue({
  marginLevel,
  stopOutLevel,
}: {
  marginLevel: Dec | null;
  stopOutLevel: DecimalInput;
}): boolean {
  return marginLevel !== null && marginLevel.lte(finite('stopOutLevel', stopOutLevel));
}

/** The margin-call warning: positions open and marginLevel ≤ marginCallLevel. */
export function isMarginCall({
  marginLevel,
  marginCallLevel,
}: {
  marginLevel: Dec | null;
  marginCallLevel: DecimalInput;
}): boolean {
  return marginLevel !== null && marginLevel.lte(finite('marginCallLevel', marginCallLevel));
}

/**
 * Risk rate in percent: round(usedMargin / equity × 100, 2); 0 with nothing open, 100 once
 * equity is gone (≤ 0).
 */
export function riskRate({ usedMargin, equity }: { usedMargin: DecimalInput; equity: DecimalInput }): Dec {
  const used = nonNegative('usedMargin', usedMargin);
  const eq = finite('equity', equity);
  if (used.isZero()) return new Dec(0);
  if (eq.lte(0)) return new Dec(100);
  return used.div(eq).mul(100).toDecimalPlaces(2, Dec.ROUND_HALF_UP);
}
