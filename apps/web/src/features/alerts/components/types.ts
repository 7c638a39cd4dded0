/** The pair an alert sheet is about, as the page that opens it knows it. */
export interface AlertPair {
  forexId: number;
  code: string;
  /** The short symbol shown (EUR/USD). */
  symbol: string;
  precision: number;
}

/**
 * The market's live bid of a pair — not the account's price widened by a group markup:
 * what alerts watch (docs/notifications.md). The page passes the markets' store.
 */
export interface BidSource {
  bid: (code: string) => number | undefined;
  subscribe: (code: string, onChange: () => void) => () => void;
}
