/** An order for the liquidity provider (NewOrderSingle 35=D), in the provider's terms. */
export interface VenueOrder {
  /** ClOrdID (11): the same for every send of the same request, so it is never a second trade. */
  clOrdId: string;
  /** The provider's Symbol (55). */
  symbol: string;
  /** 1 buy, 2 sell. */
  side: 1 | 2;
  /** OrderQty (38): units of the base currency or asset (lots × contract size), a decimal string. */
  quantity: string;
  /** Price (44) of the limit order: the worst fill accepted (quote ± the allowed slippage). */
  limitPrice: string;
  /** TimeInForce (59): IOC for opens (a partial fill stands), FOK for closes (all or nothing). */
  timeInForce: 'ioc' | 'fok';
}

/** How an order ended at the provider, from its final ExecutionReport (35=8). */
export type VenueOutcome =
  /** Filled, wholly or (IOC) partly: CumQty (14) and AvgPx (6) as the provider sent them. */
  | { kind: 'filled'; quantity: string; avgPrice: string; providerOrderId: string }
  /** Refused (OrdStatus 8, a business or session reject, an unknown order). */
  | { kind: 'rejected'; reason: string }
  /** Nothing filled and nothing left (IOC or FOK beyond the limit, or no liquidity). */
  | { kind: 'cancelled'; reason: string }
  /** No final answer in time (a timeout, a link down): where it stands is not known yet. */
  | { kind: 'unknown'; reason: string };

/** The provider's execution side, as the trading module uses it (docs/execution.md). */
export interface ExecutionVenue {
  /** Logged on and the provider spoke lately: an order sent now can be answered. */
  isLive(now?: number): boolean;
  /** Sends the order and waits for its final report, at most `timeoutMs`. */
  execute(order: VenueOrder, timeoutMs: number): Promise<VenueOutcome>;
  /**
   * Asks where an order stands (OrderStatusRequest 35=H) once the session is live; an order
   * the provider never received comes back rejected as unknown. `unknown` if no answer in time.
   */
  status(order: Pick<VenueOrder, 'clOrdId' | 'symbol' | 'side'>, timeoutMs: number): Promise<VenueOutcome>;
  /** Final reports nobody waits for (a report resent after a reconnect, a late fill). */
  onUnsolicited(listener: (clOrdId: string, outcome: VenueOutcome) => void): void;
  /** Called at every logon: the moment to ask about orders left in flight. */
  onLoggedOn(listener: () => void): void;
}
