/**
 * A-book execution (docs/execution.md): the words the server, the contract and the back
 * office share, defined once so a new mode or state cannot be known to one and not the other.
 */

/** b_book: orders are filled in-house; a_book: they are sent to the liquidity provider. */
export const EXECUTION_MODES = ['b_book', 'a_book'] as const;
export type ExecutionMode = (typeof EXECUTION_MODES)[number];

/**
 * What became of an order sent to the provider. queued: a cover waiting for the trading
 * session; sent: at the provider, outcome not known; booked: the fill is on the books (a
 * cover's: the house's position there is closed); rejected: nothing filled; timed_out: the
 * trader was told it failed, the provider not yet asked; unbooked: the provider filled it but
 * it is not on the trader's books — the dealing desk must offset it at the provider.
 */
export const EXECUTION_STATES = ['queued', 'sent', 'booked', 'rejected', 'timed_out', 'unbooked'] as const;
export type ExecutionState = (typeof EXECUTION_STATES)[number];

/**
 * Why an execution was not booked as sent, as a code the back office translates (the
 * provider's own words stay in `reason`): the provider refused it, nothing filled within
 * the slippage, no answer in time, a fill after the trader was told it timed out, a fill
 * below the minimum lots, a close filled for a position already closed here.
 */
export const EXECUTION_OUTCOMES = [
  'provider_rejected',
  'no_fill',
  'timed_out',
  'late_fill',
  'below_min_lots',
  'already_closed',
] as const;
export type ExecutionOutcome = (typeof EXECUTION_OUTCOMES)[number];

/**
 * Why an order went to the provider: to open a position, to close one it filled, or to
 * cover — close there — one it filled that the engine closed here (a TP, an SL, a
 * stop-out: docs/execution.md "Covers").
 */
export const EXECUTION_PURPOSES = ['open', 'close', 'cover'] as const;
export type ExecutionPurpose = (typeof EXECUTION_PURPOSES)[number];

/** Bounds an operator may set per instrument, in points (10^-precision). */
export const MAX_MARKUP_POINTS = 100_000;
export const MAX_SLIPPAGE_POINTS = 1_000_000;
