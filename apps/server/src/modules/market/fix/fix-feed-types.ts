import type { ServerLog } from '../../../core/index.js';
import type { FixEndpoint } from './fix-url.js';
import type { DropReason } from './quote-guard.js';
import type { SequenceMedium } from './seq-store.js';

/** An instrument as the FIX feed quotes it. */
export interface FixInstrument {
  id: number;
  code: string;
  /** The provider's Symbol (55): provider-symbol.ts. */
  symbol: string;
  /** Digits of the price: quotes become integer points at this precision. */
  precision: number;
  /** The absurd-jump limit, a fraction of the mid (quote-guard.ts `defaultMaxJump`). */
  maxJump: number;
}

/** A FIX initiator session to a provider, whatever it carries (session-loop.ts). */
export interface FixSessionOptions {
  endpoint: FixEndpoint;
  /**
   * Where sequence numbers are kept: `sequences` (the database, in the scaled shape), else
   * files under `storeDir` (`FIX.4.4-SENDER-TARGET.seqnums`; DATA_DIR/fix embedded), else
   * memory only.
   */
  sequences?: SequenceMedium | undefined;
  storeDir?: string | undefined;
  /** What the session carries, in its log lines and the engine's session name. Default market data. */
  purpose?: 'market data' | 'trading';
  /** HeartBtInt (108) asked of the provider, seconds. Default 5. */
  fixHeartbeatSecs?: number;
  /** Reconnecting waits `initialMs`, doubling per failed attempt up to `maxMs`, ±25%. Default 500 / 30 000. */
  backoff?: { initialMs: number; maxMs: number };
  /** Giving up on a TCP connection, ms. Default 10 000. */
  connectTimeoutMs?: number;
  /** Giving up on the provider's Logon answer, ms. Default 10 000. */
  logonTimeoutMs?: number;
  username?: string | undefined;
  password?: string | undefined;
  now?: () => number;
  log?: ServerLog;
  /** The engine's own warnings and errors (noisy; off by default). */
  engineLog?: ServerLog;
  /** The link to the provider went down. */
  onLinkDown?: () => void;
}

export interface FixFeedOptions extends FixSessionOptions {
  instruments: readonly FixInstrument[];
  /** The feed speaks at least this often while the provider is alive, ms (FeedAdapter). Default 500. */
  heartbeatMs?: number;
  /** The last good quote of each instrument (points): what the first quotes are checked against. */
  lastQuotes?: ReadonlyMap<number, { bid: number; ask: number }>;
  /** Quotes are passed on at most this often (the latest of each instrument), ms. Default 100. */
  flushMs?: number;
  /** Application messages handled per second; more are dropped as `flood`. Default 5 000. */
  maxMessagesPerSecond?: number;
  /** Seconds in a row over that budget before the session is dropped and reopened later. Default 5. */
  floodSecondsToDisconnect?: number;
  /** How far a provider's stamp may be from our clock, either way, ms. Default 5 000. */
  maxClockSkewMs?: number;
  /** An instrument with no good quote for this long, the session otherwise alive, is `stale`, ms. Default 30 000. */
  staleAfterMs?: number;
  /**
   * The real UTC clock the provider's SendingTime is checked against (late, future). The
   * server's `now` may be a test's clock; the provider's stamps are always wall-clock time.
   * Default Date.now.
   */
  wallClock?: () => number;
}

export type FixSessionState = 'idle' | 'connecting' | 'logging_on' | 'live' | 'reconnecting' | 'stopped';
export type FixInstrumentState = 'pending' | 'live' | 'stale' | 'unavailable';

export interface FixInstrumentStatus {
  id: number;
  code: string;
  symbol: string;
  state: FixInstrumentState;
  /** Why it is unavailable or has no quote (a reject's reason, in the provider's words). */
  reason?: string;
  /** The last good quote, integer points. */
  bid?: number;
  ask?: number;
  /** Its time by the provider's clock and by ours, epoch ms. */
  providerTime?: number;
  receivedAt?: number;
  /** Updates of this instrument dropped since start. */
  dropped: number;
}

/** What operators and /metrics see of the feed. */
/** A FIX session as operators see it (market data or trading). */
export interface FixSessionStatus {
  endpoint: string;
  session: FixSessionState;
  /** Since when the session is in this state, epoch ms. */
  since: number;
  /** The last message of any kind from the provider, epoch ms. */
  lastMessageAt?: number;
  /** Why the last session ended or failed. */
  lastError?: string;
  /** When the next connection attempt is due (reconnecting), epoch ms. */
  nextAttemptAt?: number;
  /** TCP connections made, and sessions that ended (each followed by a reconnect unless stopped). */
  connects: number;
  disconnects: number;
  /** The next MsgSeqNum out and in, as stored. */
  sequence?: { nextOut: number; nextIn: number };
}

/** The trading session (docs/execution.md): its session, and the reports and orders on it. */
export interface TradeSessionStatus extends FixSessionStatus {
  /** ExecutionReports read, and those refused as unreadable. */
  reports: number;
  garbled: number;
  /** Orders sent and still waited for. */
  waiting: number;
}

export interface FixFeedStatus extends FixSessionStatus {
  /** The last good quote, epoch ms. */
  lastQuoteAt?: number;
  /** Application messages handled; quotes passed on; requests the provider refused. */
  messages: number;
  quotes: number;
  rejects: number;
  dropped: Record<DropReason, number>;
  instruments: FixInstrumentStatus[];
}
