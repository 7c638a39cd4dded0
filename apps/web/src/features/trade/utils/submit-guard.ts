import type { RiskSizing } from './risk-sizing';
import type { TicketView } from './ticket-view';

/**
 * What the order form tells before the tap (docs/money.md "The order ticket"): why the
 * submit is disabled — the button says it — and what the trader should know but may go
 * ahead with. Pure, so the order of the reasons is tested rather than read off the JSX.
 */

/** Why the submit is disabled, the first that applies (the button's label). */
export type BlockReason =
  | 'market_closed'
  /** No fresh quote lately (markets' usePricesStale): trading pauses. */
  | 'paused'
  | 'no_leverage'
  /** The lots cost more than free margin covers (order-estimate `affordability`). */
  | 'short'
  /** A take-profit or stop-loss on the wrong side of the entry: the server refuses it. */
  | 'stops'
  /** Lots from risk is on and has no lots to give. */
  | 'risk_stop'
  | 'risk_amount'
  | 'risk_min'
  | 'risk_margin'
  | 'risk_wait';

/** What is said above the submit. */
export type TicketWarning =
  | 'stale'
  /** The margin level after the trade is at or below the stop-out level. */
  | 'stop_out'
  /** … at or below the margin-call level. */
  | 'margin_call'
  | 'sl_inside_spread'
  | 'tp_wrong_side'
  | 'sl_wrong_side';

export interface GuardInput {
  marketOpen: boolean;
  pricesStale: boolean;
  noLeverage: boolean;
  short: boolean;
  view: TicketView | null;
  sizing: RiskSizing;
}

const RISK_BLOCKS: Partial<Record<RiskSizing['kind'], BlockReason>> = {
  need_stop: 'risk_stop',
  need_amount: 'risk_amount',
  min_too_risky: 'risk_min',
  no_margin: 'risk_margin',
  unavailable: 'risk_wait',
};

export function submitGuard({ marketOpen, pricesStale, noLeverage, short, view, sizing }: GuardInput): {
  blocked: BlockReason | null;
  warnings: TicketWarning[];
} {
  const paused = marketOpen && pricesStale;
  const wrongSide = view !== null && (view.tp === 'wrong_side' || view.sl === 'wrong_side');
  const blocked: BlockReason | null = !marketOpen
    ? 'market_closed'
    : paused
      ? 'paused'
      : noLeverage
        ? 'no_leverage'
        : (RISK_BLOCKS[sizing.kind] ?? (short ? 'short' : wrongSide ? 'stops' : null));

  const warnings: TicketWarning[] = [];
  if (paused) warnings.push('stale');
  if (view) {
    if (view.levelTone === 'stop_out') warnings.push('stop_out');
    else if (view.levelTone === 'margin_call') warnings.push('margin_call');
    if (view.sl === 'inside_spread') warnings.push('sl_inside_spread');
    if (view.tp === 'wrong_side') warnings.push('tp_wrong_side');
    if (view.sl === 'wrong_side') warnings.push('sl_wrong_side');
  }
  return { blocked, warnings };
}
