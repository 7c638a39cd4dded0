// Relative, not @/: the unit tests run in Node.
import { formatPrice } from '../../../lib/format';
import type { PositionRisk } from '../../../lib/ticket-account';

/** The stop-out price at the pair's precision, `none` when none is within reach, "--" while unknown. */
export function stopOutText(risk: PositionRisk | undefined, precision: number, none: string): string {
  if (!risk || risk.stopOut === undefined) return '--';
  return risk.stopOut === null ? none : formatPrice(risk.stopOut.toNumber(), precision);
}
