import type { FeedAdapter } from '../feed.js';
import type { SimInstrument } from '../simulator.js';
import type { LpExecutionSettings } from './lp-execution.js';

/** An instrument the simulated provider quotes, under its provider symbol. */
export interface LpInstrument extends SimInstrument {
  symbol: string;
}

export interface LpSimulatorOptions {
  /** Default 127.0.0.1: the simulator is for this machine unless told otherwise. */
  host?: string;
  /** Default 0: any free port (`port` says which). */
  port?: number;
  /** The provider's own CompID (the server's FIX_MD_URL target). */
  senderCompId: string;
  /** The CompID of the client it serves (the server's FIX_MD_URL sender). */
  targetCompId: string;
  instruments: readonly LpInstrument[];
  /**
   * Quotes from this feed instead of the built-in simulator (a ReplayFeed of recorded ticks):
   * its ticks are sent as they come, under the instruments' symbols by id.
   */
  source?: FeedAdapter;
  /** A simulator step (quotes of the instruments that moved) every this many ms. Default 250. */
  tickMs?: number;
  /** HeartBtInt the provider keeps to when idle, seconds. Default 1. */
  heartbeatSecs?: number;
  /** Quote around the clock; otherwise only while each market is open (market-hours.ts). */
  alwaysOpen?: boolean;
  /** The simulator's randomness; fresh when unset. */
  seed?: number;
  /** Keep the provider's sequence numbers here across restarts; in memory when unset. */
  storeDir?: string;
  /** The trading port (orders, docs/execution.md); default 0: any free port (`tradePort` says which). */
  tradePort?: number;
  /** The CompID of the trading client; default `targetCompId`. */
  tradeTargetCompId?: string;
  /** How orders are filled at first (lp-execution.ts); `setExecution` changes it later. */
  execution?: Partial<LpExecutionSettings>;
  /** When set, a Logon must carry this Password (554). */
  password?: string;
  /** A line per event (logons, requests, rejects, hooks). */
  log?: (line: string) => void;
}

/** Bad quotes the simulator can send on cue (each must be dropped by the feed). */
export const BAD_QUOTES = ['crossed', 'zero', 'negative', 'jump', 'garbage', 'out_of_order', 'late'] as const;
export type BadQuote = (typeof BAD_QUOTES)[number];

/** A logon the simulator accepted: what the client sent. */
export interface LpLogon {
  seqNum: number;
  resetSeqNum: boolean;
  at: number;
}
