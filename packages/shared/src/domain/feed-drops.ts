/** Why a provider's update was not shown to traders (counted per reason by the FIX feed's quote guard, docs/market-data.md); the back office's feeds page names each. */
export const FEED_DROP_REASONS = [
  /** A price or time that is not a well-formed FIX value, or a message missing what it needs. */
  'garbage',
  /** A price of zero or below. */
  'non_positive',
  /** Bid above ask. */
  'crossed',
  /** Spread wider than the absurd-jump limit of the mid. */
  'wide',
  /** The mid moved further than the absurd-jump limit from the last good quote. */
  'jump',
  /** Stamped earlier than the instrument's last good update. */
  'out_of_order',
  /** Stamped further in the past than the clock-skew limit (a delayed or replayed quote). */
  'late',
  /** Stamped further in the future than the clock-skew limit. */
  'future',
  /** A resent message (PossDupFlag): an old price, whatever its content. */
  'replayed',
  /** An update for a symbol or request this session did not subscribe. */
  'unknown_symbol',
  /** Over the per-second message budget: the provider floods. */
  'flood',
] as const;
export type FeedDropReason = (typeof FEED_DROP_REASONS)[number];
