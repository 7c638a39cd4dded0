import type { FeedInstrumentState, FeedSourceRole, FixSessionStateCode } from '@pipwise/shared';

/** The colour of each state's tag: green when prices flow, orange when waiting, red when cut. */
export const SESSION_COLOR: Record<FixSessionStateCode, string> = {
  idle: 'default',
  connecting: 'blue',
  logging_on: 'blue',
  live: 'green',
  reconnecting: 'orange',
  stopped: 'red',
};

export const INSTRUMENT_COLOR: Record<FeedInstrumentState, string> = {
  pending: 'blue',
  live: 'green',
  stale: 'orange',
  unavailable: 'red',
};

export const ROLE_COLOR: Record<FeedSourceRole, string> = { primary: 'geekblue', backup: 'purple' };

/** The trading session's tag, apart from the market-data roles. */
export const TRADE_COLOR = 'gold';
