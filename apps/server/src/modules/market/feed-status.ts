import type { FixFeedStatus } from './fix/fix-feed-types.js';

/** Which of an instrument's sources a price comes from (docs/market-data.md "Primary and backup"). */
export type SourceRole = 'primary' | 'backup';

/** One FIX market-data source and its session, as operators see it. */
export interface FeedSourceStatus {
  role: SourceRole;
  fix: FixFeedStatus;
}

/** A switch of one instrument's price from one source to the other. */
export interface FeedSwitch {
  at: number;
  instrumentId: number;
  code: string;
  from: SourceRole;
  to: SourceRole;
  /** Why: the source it left went stale or lost its link, or the primary recovered. */
  reason: 'primary_stale' | 'primary_down' | 'primary_back';
}

/**
 * What the back office's feeds page and /metrics show of the running feed: which kind it is,
 * each FIX source's session and instruments, which source each instrument is priced from
 * now, and the latest switches (newest first, at most 200 kept).
 */
export interface FeedStatus {
  kind: 'simulator' | 'replay' | 'fix';
  sources: FeedSourceStatus[];
  /** Instrument id → the source its price comes from now (FIX only). */
  active: Record<number, SourceRole>;
  switches: FeedSwitch[];
  /** Switches since start, by instrument code. */
  switchCounts: Record<string, number>;
}

/** The status of a feed that describes nothing of itself: the simulator's. */
export function simulatorFeedStatus(): FeedStatus {
  return { kind: 'simulator', sources: [], active: {}, switches: [], switchCounts: {} };
}
