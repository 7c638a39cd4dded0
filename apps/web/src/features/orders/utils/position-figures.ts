import { Dec, type Order } from '@pipwise/shared';
// Relative, not @/: the unit tests run in Node.
import { formatPrice } from '../../../lib/format';
import type { PositionRisk } from '../../../lib/ticket-account';

/** The stop-out price at the pair's precision, `none` when none is within reach, "--" while unknown. */
export function stopOutText(risk: PositionRisk | undefined, precision: number, none: string): string {
  if (!risk || risk.stopOut === undefined) return '--';
  return risk.stopOut === null ? none : formatPrice(risk.stopOut.toNumber(), precision);
}

/**
 * What a position made or lost in all, as the server books `NetProfits`: gross profit − fee
 * − commission + overnight financing (docs/money.md "Overnight financing (swap)",
 * docs/trading-groups.md "Commission"; `Commission` is what was charged so far, positive;
 * `Swap` is signed, negative when charged). Exact to the micro-dollar: live pushes move only
 * the gross, so the app recomputes the net from it with the order's own fee, commission and
 * swap. A `Swap` or `Commission` missing from an older server counts as none.
 */
export function netProfitOf(order: Pick<Order, 'FactProfits' | 'TradeFee' | 'Swap' | 'Commission'>): number {
  return new Dec(String(order.FactProfits))
    .minus(String(order.TradeFee))
    .minus(String(order.Commission ?? 0))
    .plus(String(order.Swap ?? 0))
    .toNumber();
}
