import { randomBytes } from 'node:crypto';
import type net from 'node:net';
import { points } from '@pipwise/shared';
import type { IJsFixConfig, MsgView } from 'jspurefix';
import type { ServerLog } from '../../../core/index.js';
import type { FeedAdapter } from '../feed.js';
import type { SimTick } from '../simulator.js';
import { describeEndpoint, type FixEndpoint } from './fix-url.js';
import {
  BUSINESS_REJECT_REASONS,
  cleanText,
  describeReason,
  entryTime,
  isCleanId,
  MD_REJECT_REASONS,
  pricePoints,
  SESSION_REJECT_REASONS,
  utcTimestamp,
} from './md-fields.js';
import type { MdSession, MdSessionHandler } from './md-session.js';
import type * as MdSessionModule from './md-session.js';
import { DROP_REASONS, QuoteGuard, type Book, type DropReason } from './quote-guard.js';
import { SequenceStoreFactory, type SequenceStore } from './seq-store.js';

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

export interface FixFeedOptions {
  endpoint: FixEndpoint;
  instruments: readonly FixInstrument[];
  /** Sequence numbers are kept here (`FIX.4.4-SENDER-TARGET.seqnums`); DATA_DIR/fix in the server. */
  storeDir: string;
  /** The feed speaks at least this often while the provider is alive, ms (FeedAdapter). Default 500. */
  heartbeatMs?: number;
  /** HeartBtInt (108) asked of the provider, seconds. Default 5. */
  fixHeartbeatSecs?: number;
  /** The last good quote of each instrument (points): what the first quotes are checked against. */
  lastQuotes?: ReadonlyMap<number, { bid: number; ask: number }>;
  /** Reconnecting waits `initialMs`, doubling per failed attempt up to `maxMs`, ±25%. Default 500 / 30 000. */
  backoff?: { initialMs: number; maxMs: number };
  /** Giving up on a TCP connection, ms. Default 10 000. */
  connectTimeoutMs?: number;
  /** Giving up on the provider's Logon answer, ms. Default 10 000. */
  logonTimeoutMs?: number;
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
  username?: string | undefined;
  password?: string | undefined;
  now?: () => number;
  /**
   * The real UTC clock the provider's SendingTime is checked against (late, future). The
   * server's `now` may be a test's clock; the provider's stamps are always wall-clock time.
   * Default Date.now.
   */
  wallClock?: () => number;
  log?: ServerLog;
  /** The engine's own warnings and errors (noisy; off by default). */
  engineLog?: ServerLog;
  /** The link to the provider went down: nothing it said is live any more (MarketService.feedLost). */
  onLinkDown?: () => void;
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
export interface FixFeedStatus {
  endpoint: string;
  session: FixSessionState;
  /** Since when the session is in this state, epoch ms. */
  since: number;
  /** The last message of any kind from the provider, epoch ms. */
  lastMessageAt?: number;
  /** The last good quote, epoch ms. */
  lastQuoteAt?: number;
  /** Why the last session ended or failed. */
  lastError?: string;
  /** When the next connection attempt is due (reconnecting), epoch ms. */
  nextAttemptAt?: number;
  /** TCP connections made, and sessions that ended (each followed by a reconnect unless stopped). */
  connects: number;
  disconnects: number;
  /** The next MsgSeqNum out and in, as stored. */
  sequence?: { nextOut: number; nextIn: number };
  /** Application messages handled; quotes passed on; requests the provider refused. */
  messages: number;
  quotes: number;
  rejects: number;
  dropped: Record<DropReason, number>;
  instruments: FixInstrumentStatus[];
}

interface InstrumentEntry {
  inst: FixInstrument;
  guard: QuoteGuard;
  state: FixInstrumentState;
  reason: string | undefined;
  /** The last good quote passed on (not the saved one the guard starts from). */
  quoted: { bid: number; ask: number } | undefined;
  providerTime: number | undefined;
  receivedAt: number | undefined;
  dropped: number;
}

/** One TCP connection and the session on it. */
interface Connection {
  no: number;
  session: MdSession;
  socket: net.Socket;
  readyAt: number | undefined;
  /** The feed stopped: whatever still arrives on this connection is ignored. */
  closing: boolean;
  /** MDReqID → instrument id, for this connection's subscriptions. */
  requests: Map<string, number>;
  /** MsgSeqNum of each request → instrument id, to place a session Reject (35=3). */
  requestSeqs: Map<number, number>;
}

interface Runtime {
  fix: typeof MdSessionModule;
  config: IJsFixConfig;
  store: SequenceStore;
}

/** A session that stayed up this long was healthy: the next reconnect starts the backoff over. */
const STABLE_SESSION_MS = 10_000;
/** Entries in one message beyond this are garbage (top of book is two per instrument). */
const MIN_MAX_ENTRIES = 64;
/** A drop reason is logged at most this often (with the count since), ms. */
const DROP_LOG_EVERY_MS = 10_000;

/**
 * Market data from a liquidity provider over a FIX 4.4 session (docs/market-data.md "FIX
 * market data"). The feed opens an initiator session to the provider (jspurefix), sends one
 * MarketDataRequest (35=V: snapshot plus updates, top of book, bid and offer) per
 * instrument, and turns the snapshots (35=W) and incremental refreshes (35=X) into ticks.
 *
 * - Every field is read from its text and checked: a garbage, zero, negative, crossed,
 *   absurdly wide or absurdly jumping price, or one stamped out of order or too far from our
 *   clock, is dropped, counted by reason and logged (at most one line per reason per 10 s),
 *   never passed on. A genuine new level is taken after three quotes agree on it.
 * - A request the provider refuses (35=Y, a 35=3 reject of it, or a 35=j) marks the
 *   instrument unavailable with the provider's reason; `status()` shows it.
 * - Quotes are passed on at most every `flushMs` (the latest of each instrument) and at most
 *   `maxMessagesPerSecond` are read; a provider over budget for several seconds in a row is
 *   disconnected. A dead session reconnects with exponential backoff.
 * - Logon, heartbeats, test requests, sequence resets and resends are the engine's; the
 *   sequence numbers are kept in `storeDir`, so a restart resumes the session. Without a
 *   stored sequence the first Logon asks for a reset (ResetSeqNumFlag=Y).
 * - While the session is logged on and the provider spoke within 1.5 of its heartbeat
 *   intervals, the feed beats every `heartbeatMs` (a step with the quotes that came in,
 *   or none): prices not updated still stand, as FIX means. Otherwise it is silent, and the
 *   market service's silence rule makes every price not live.
 */
export class FixFeed implements FeedAdapter {
  readonly heartbeatMs: number;
  private readonly now: () => number;
  private readonly log: ServerLog | undefined;
  private readonly entries = new Map<number, InstrumentEntry>();
  private readonly bySymbol = new Map<string, InstrumentEntry>();
  private readonly stores: SequenceStoreFactory;
  private readonly nonce = randomBytes(3).toString('hex');
  private readonly silenceLimitMs: number;
  private readonly maxEntries: number;

  private onTicks: ((ticks: SimTick[], time: number) => void) | undefined;
  private running = false;
  /** Which start() the running loop belongs to: a loop of an earlier one ends at its next turn. */
  private generation = 0;
  private loop: Promise<void> | undefined;
  private runtime: Promise<Runtime> | undefined;
  private conn: Connection | undefined;
  private connections = 0;
  private beatTimer: NodeJS.Timeout | undefined;
  private flushTimer: NodeJS.Timeout | undefined;
  private wake: (() => void) | undefined;
  private readonly pending = new Map<number, SimTick>();
  private lastEmit = 0;

  private state: FixSessionState = 'idle';
  private since: number;
  private lastMessageAt: number | undefined;
  private lastQuoteAt: number | undefined;
  private lastError: string | undefined;
  private engineWarning: string | undefined;
  private store: SequenceStore | undefined;
  private nextAttemptAt: number | undefined;
  private connects = 0;
  private disconnects = 0;
  private messages = 0;
  private quotes = 0;
  private rejects = 0;
  private readonly dropped = Object.fromEntries(DROP_REASONS.map((r) => [r, 0])) as Record<
    DropReason,
    number
  >;
  private readonly dropLog = new Map<DropReason, { at: number; since: number }>();
  private budget = { windowStart: 0, count: 0, over: 0, floodSeconds: 0 };

  constructor(private readonly options: FixFeedOptions) {
    this.heartbeatMs = options.heartbeatMs ?? 500;
    if (!(this.heartbeatMs >= 20))
      throw new RangeError(`heartbeatMs must be at least 20: ${this.heartbeatMs}`);
    const fixHeartbeat = options.fixHeartbeatSecs ?? 5;
    if (!(Number.isInteger(fixHeartbeat) && fixHeartbeat >= 1 && fixHeartbeat <= 300))
      throw new RangeError(`fixHeartbeatSecs must be 1-300: ${fixHeartbeat}`);
    this.silenceLimitMs = fixHeartbeat * 1500;
    this.now = options.now ?? Date.now;
    this.log = options.log;
    this.since = this.now();
    this.stores = new SequenceStoreFactory(options.storeDir);
    this.maxEntries = Math.max(MIN_MAX_ENTRIES, 4 * options.instruments.length);
    for (const inst of options.instruments) {
      if (!(Number.isInteger(inst.precision) && inst.precision >= 0 && inst.precision <= 10))
        throw new RangeError(`${inst.code}: precision must be 0-10 digits`);
      if (this.entries.has(inst.id)) throw new RangeError(`instrument ${inst.id} given twice`);
      if (this.bySymbol.has(inst.symbol)) throw new RangeError(`symbol ${inst.symbol} given twice`);
      const entry: InstrumentEntry = {
        inst,
        guard: new QuoteGuard(
          { maxJump: inst.maxJump, maxClockSkewMs: options.maxClockSkewMs ?? 5_000 },
          options.lastQuotes?.get(inst.id),
        ),
        state: 'pending',
        reason: undefined,
        quoted: undefined,
        providerTime: undefined,
        receivedAt: undefined,
        dropped: 0,
      };
      this.entries.set(inst.id, entry);
      this.bySymbol.set(inst.symbol, entry);
    }
  }

  /** The last good quote of every instrument quoted since start. */
  snapshot(): SimTick[] {
    return [...this.entries.values()].flatMap((e) =>
      e.quoted ? [{ id: e.inst.id, bid: points(e.quoted.bid), ask: points(e.quoted.ask) }] : [],
    );
  }

  start(onTicks: (ticks: SimTick[], time: number) => void): void {
    this.onTicks = onTicks;
    if (this.running) return;
    this.running = true;
    this.beatTimer = setInterval(() => this.beat(), this.heartbeatMs);
    this.beatTimer.unref();
    const generation = ++this.generation;
    // Started again after a stop: the earlier loop ends its session first.
    this.loop = (this.loop ?? Promise.resolve()).then(() => this.run(generation));
  }

  /** Logs out (or drops a session not yet logged on) and stops reconnecting; writes the sequence numbers. */
  stop(): void {
    this.running = false;
    this.onTicks = undefined;
    clearInterval(this.beatTimer);
    clearTimeout(this.flushTimer);
    this.beatTimer = this.flushTimer = undefined;
    this.pending.clear();
    this.wake?.();
    const conn = this.conn;
    if (conn) {
      conn.closing = true;
      if (conn.readyAt !== undefined) conn.session.logout();
      else conn.session.kill('feed stopped');
      // A provider that never confirms the logout is not waited for.
      setTimeout(() => conn.socket.destroy(), 2_000).unref();
    }
    this.stores.flushSync();
    this.setState('stopped');
  }

  /** `stop`, then waits until the session has ended. */
  async close(): Promise<void> {
    this.stop();
    await this.loop;
  }

  /**
   * Whether the feed vouches for the instrument's price now: the session is live and the
   * instrument has a good two-sided quote that is not stale. A rejected, never-quoted or
   * stale instrument is not vouched for, whatever the feed's heartbeat says.
   */
  vouchesFor(id: number, now = this.now()): boolean {
    const e = this.entries.get(id);
    const fresh = e?.receivedAt !== undefined && now - e.receivedAt <= (this.options.staleAfterMs ?? 30_000);
    return e?.state === 'live' && fresh && this.isLive(now);
  }

  status(now = this.now()): FixFeedStatus {
    this.refreshStale(now);
    const store = this.store;
    const sequence = store ? { nextOut: store.senderSeqNum, nextIn: store.targetSeqNum } : undefined;
    return {
      endpoint: describeEndpoint(this.options.endpoint),
      session: this.state,
      since: this.since,
      ...(this.lastMessageAt !== undefined ? { lastMessageAt: this.lastMessageAt } : {}),
      ...(this.lastQuoteAt !== undefined ? { lastQuoteAt: this.lastQuoteAt } : {}),
      ...(this.lastError !== undefined ? { lastError: this.lastError } : {}),
      ...(this.state === 'reconnecting' && this.nextAttemptAt !== undefined
        ? { nextAttemptAt: this.nextAttemptAt }
        : {}),
      connects: this.connects,
      disconnects: this.disconnects,
      ...(sequence ? { sequence } : {}),
      messages: this.messages,
      quotes: this.quotes,
      rejects: this.rejects,
      dropped: { ...this.dropped },
      instruments: [...this.entries.values()].map((e) => ({
        id: e.inst.id,
        code: e.inst.code,
        symbol: e.inst.symbol,
        state: e.state,
        ...(e.reason !== undefined ? { reason: e.reason } : {}),
        ...(e.quoted ? { bid: e.quoted.bid, ask: e.quoted.ask } : {}),
        ...(e.providerTime !== undefined ? { providerTime: e.providerTime } : {}),
        ...(e.receivedAt !== undefined ? { receivedAt: e.receivedAt } : {}),
        dropped: e.dropped,
      })),
    };
  }

  // ── the session loop ──

  private current(generation: number): boolean {
    return this.running && generation === this.generation;
  }

  private async run(generation: number): Promise<void> {
    let failures = 0;
    while (this.current(generation)) {
      let upMs = 0;
      try {
        upMs = await this.session(generation);
      } catch (err) {
        this.lastError = cleanText(err instanceof Error ? err.message : String(err));
      }
      if (!this.current(generation)) break;
      failures = upMs >= STABLE_SESSION_MS ? 1 : failures + 1;
      const delay = this.backoffMs(failures);
      this.nextAttemptAt = this.now() + delay;
      this.setState('reconnecting');
      this.log?.info(
        { feed: 'fix', error: this.lastError, retryInMs: delay, attempt: failures },
        'FIX market data: session down, reconnecting',
      );
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, delay);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = undefined;
    }
  }

  private backoffMs(failures: number): number {
    const { initialMs, maxMs } = this.options.backoff ?? { initialMs: 500, maxMs: 30_000 };
    const base = Math.min(maxMs, initialMs * 2 ** Math.min(failures - 1, 30));
    return Math.round(Math.min(maxMs, base * (0.75 + Math.random() * 0.5)));
  }

  private async loadRuntime(): Promise<Runtime> {
    const fix = await import('./md-session.js');
    const { endpoint } = this.options;
    const engineLog = this.options.engineLog;
    const config = await fix.sessionConfig({
      role: 'initiator',
      name: 'pipwise-md',
      sender: endpoint.sender,
      target: endpoint.target,
      heartbeatSecs: this.options.fixHeartbeatSecs ?? 5,
      store: this.stores,
      username: this.options.username,
      password: this.options.password,
      engineLog: (level, source, message) => {
        // The engine's last warning says why a session it ended went down (a sequence
        // number too low, a refused logon): kept for lastError.
        if (level === 'warn') this.engineWarning = cleanText(message);
        if (level === 'error') engineLog?.error({ source }, message);
        else engineLog?.info({ source }, message);
      },
    });
    this.store = this.stores.create(fix.sessionIdOf(config));
    return { fix, config, store: this.store };
  }

  /** One connection, from TCP connect to the session's end; resolves with how long it was live, ms. */
  private async session(generation: number): Promise<number> {
    this.setState('connecting');
    this.runtime ??= this.loadRuntime().catch((err: unknown) => {
      this.runtime = undefined;
      throw err;
    });
    const runtime = await this.runtime;
    const { host, port } = this.options.endpoint;
    const socket = await runtime.fix.connectTcp(host, port, this.options.connectTimeoutMs ?? 10_000);
    try {
      return this.current(generation) ? await this.converse(runtime, socket) : 0;
    } finally {
      socket.destroy();
    }
  }

  /** The session on a connected socket, to its end; resolves with how long it was live, ms. */
  private async converse({ fix, config, store }: Runtime, socket: net.Socket): Promise<number> {
    this.connects += 1;
    // No stored sequence (first start, or the store was deleted): agree on 1 with the provider.
    const reset = !store.hasState();
    const scoped = fix.connectionScope(config, reset);
    const conn: Connection = {
      no: ++this.connections,
      socket,
      readyAt: undefined,
      closing: false,
      requests: new Map(),
      requestSeqs: new Map(),
      session: undefined as unknown as MdSession,
    };
    conn.session = new fix.MdSession(scoped, this.handlerFor(conn));
    const ended = this.watch(conn);
    this.conn = conn;
    this.lastError = undefined;
    this.engineWarning = undefined;
    this.setState('logging_on');
    this.log?.info(
      {
        feed: 'fix',
        endpoint: describeEndpoint(this.options.endpoint),
        connection: conn.no,
        resetSeqNum: reset,
      },
      'FIX market data: connected, logging on',
    );
    const logonMs = this.options.logonTimeoutMs ?? 10_000;
    const logonTimer = setTimeout(() => {
      if (conn.readyAt !== undefined) return;
      this.lastError = `no Logon answer within ${logonMs} ms`;
      conn.session.kill(this.lastError);
    }, logonMs);
    try {
      const transport = fix.transportOver(scoped, socket, conn.no);
      await Promise.race([conn.session.run(transport).catch(() => undefined), ended]);
    } finally {
      clearTimeout(logonTimer);
      conn.session.kill('session ended');
      store.flushSync();
      this.sessionEnded(conn);
    }
    return conn.readyAt === undefined ? 0 : this.now() - conn.readyAt;
  }

  /** Resolves when the session or its connection ends, whichever says so first; notes why. */
  private watch(conn: Connection): Promise<void> {
    return new Promise<void>((settle) => {
      // The engine emits 'error' when a session ends badly; with no listener that would throw.
      conn.session.on('error', (err: Error) => {
        this.lastError ??= cleanText(err.message);
        settle();
      });
      conn.session.on('done', () => {
        this.lastError ??= this.endedBecause('session ended');
        settle();
      });
      conn.socket.once('end', () => {
        this.lastError ??= 'connection closed by the provider';
      });
      conn.socket.on('error', (err) => {
        this.lastError = cleanText(`connection error: ${err.message}`);
      });
      conn.socket.on('close', () => {
        this.lastError ??= this.endedBecause('connection closed');
        conn.session.kill('connection closed');
        settle();
      });
    });
  }

  /** Why a session ended that the engine ended itself: its last warning, if any. */
  private endedBecause(what: string): string {
    return this.engineWarning ? `${what}: ${this.engineWarning}` : what;
  }

  private handlerFor(conn: Connection): MdSessionHandler {
    return {
      ready: () => this.sessionReady(conn),
      received: () => {
        if (this.conn === conn) this.lastMessageAt = this.now();
      },
      application: (msgType, view) => {
        if (this.conn === conn && !conn.closing) this.onApplication(conn, msgType, view);
      },
      sessionReject: (view) => {
        if (this.conn === conn && !conn.closing) this.onSessionReject(conn, view);
      },
      loggedOut: (text) => {
        this.lastError = `provider logged out: ${cleanText(text) || '(no reason given)'}`;
      },
    };
  }

  private sessionReady(conn: Connection): void {
    if (this.conn !== conn || conn.closing) return;
    const now = this.now();
    conn.readyAt = now;
    this.lastMessageAt = now;
    this.budget = { windowStart: now, count: 0, over: 0, floodSeconds: 0 };
    this.setState('live');
    this.log?.info(
      { feed: 'fix', connection: conn.no, sequence: conn.session.sequence(), instruments: this.entries.size },
      'FIX market data: logged on, subscribing',
    );
    for (const e of this.entries.values()) {
      e.guard.resetBook();
      if (e.state !== 'unavailable') {
        e.state = 'pending';
        e.reason = "waiting for the provider's snapshot";
      }
      const reqId = `${this.nonce}-${conn.no}-${e.inst.id}`;
      conn.requests.set(reqId, e.inst.id);
      conn.session.sendMessage('V', marketDataRequest(reqId, e.inst.symbol), (seq) => {
        if (seq !== undefined) conn.requestSeqs.set(seq, e.inst.id);
      });
    }
  }

  private sessionEnded(conn: Connection): void {
    if (this.conn !== conn) return;
    this.conn = undefined;
    this.disconnects += 1;
    this.pending.clear();
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    for (const e of this.entries.values()) {
      if (e.state === 'live' || e.state === 'stale') {
        e.state = 'pending';
        e.reason = 'session down';
      }
    }
    if (this.running) this.setState('reconnecting');
    this.options.onLinkDown?.();
  }

  private setState(state: FixSessionState): void {
    if (this.state === state) return;
    this.state = state;
    this.since = this.now();
  }

  // ── liveness and the beat ──

  /** Logged on, and the provider spoke within 1.5 of its heartbeat intervals. */
  private isLive(now: number): boolean {
    return (
      this.state === 'live' &&
      this.lastMessageAt !== undefined &&
      now - this.lastMessageAt <= this.silenceLimitMs
    );
  }

  private beat(): void {
    const now = this.now();
    this.refreshStale(now);
    if (this.isLive(now)) this.flush(now);
  }

  /** Passes on the quotes that came in (or none, as a heartbeat): one step. */
  private flush(now: number): void {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    const ticks = [...this.pending.values()];
    this.pending.clear();
    const time = Math.max(now, this.lastEmit);
    this.lastEmit = time;
    this.onTicks?.(ticks, time);
  }

  /** Quotes go out at once when the last step is `flushMs` old, else with the next one due. */
  private scheduleFlush(now: number): void {
    if (this.flushTimer) return;
    const wait = this.lastEmit + (this.options.flushMs ?? 100) - now;
    if (wait <= 0) {
      if (this.isLive(now)) this.flush(now);
      return;
    }
    this.flushTimer = setTimeout(() => {
      this.flushTimer = undefined;
      const at = this.now();
      if (this.isLive(at)) this.flush(at);
    }, wait);
    this.flushTimer.unref();
  }

  private refreshStale(now: number): void {
    const limit = this.options.staleAfterMs ?? 30_000;
    for (const e of this.entries.values()) {
      if (e.state === 'live' && e.receivedAt !== undefined && now - e.receivedAt > limit) {
        e.state = 'stale';
        e.reason = `no quote for ${Math.round(limit / 1000)} s`;
        this.log?.info({ feed: 'fix', instrument: e.inst.code }, 'FIX market data: instrument stale');
      }
    }
  }

  // ── messages ──

  /** Within the per-second budget? Over it for several seconds in a row drops the session. */
  private withinBudget(conn: Connection, now: number): boolean {
    const b = this.budget;
    if (now - b.windowStart >= 1_000) {
      b.floodSeconds = b.over > 0 ? b.floodSeconds + 1 : 0;
      b.windowStart = now;
      b.count = 0;
      b.over = 0;
    }
    b.count += 1;
    if (b.count <= (this.options.maxMessagesPerSecond ?? 5_000)) return true;
    b.over += 1;
    if (b.floodSeconds >= (this.options.floodSecondsToDisconnect ?? 5)) {
      this.lastError = 'provider floods: over the message budget for several seconds';
      conn.session.kill(this.lastError);
    }
    return false;
  }

  private onApplication(conn: Connection, msgType: string, view: MsgView): void {
    const receivedAt = this.now();
    this.messages += 1;
    if (!this.withinBudget(conn, receivedAt)) return this.drop('flood', undefined, 'over the message budget');
    switch (msgType) {
      case 'W':
      case 'X':
        return this.onMarketData(conn, msgType, view, receivedAt);
      case 'Y':
        return this.onRequestReject(conn, view);
      case 'j':
        return this.onBusinessReject(conn, view);
      default:
        this.log?.info({ feed: 'fix', msgType: cleanText(msgType, 8) }, 'FIX market data: message ignored');
    }
  }

  private onMarketData(conn: Connection, msgType: 'W' | 'X', view: MsgView, receivedAt: number): void {
    const sendingTime = utcTimestamp(view.getString(52));
    if (sendingTime === undefined) return this.drop('garbage', undefined, 'SendingTime missing or malformed');
    if (view.getString(43) === 'Y') return this.drop('replayed', undefined, `resent ${msgType}`);
    const reqId = view.getString(262);
    const requested = isCleanId(reqId) ? conn.requests.get(reqId) : undefined;
    const group = view.getView('NoMDEntries');
    const count = group?.groupCount() ?? 0;
    if (count > this.maxEntries) return this.drop('garbage', undefined, `${count} entries in one message`);

    if (msgType === 'W') {
      // A snapshot is one instrument's whole book: by its MDReqID, its Symbol must agree.
      const symbol = view.getString(55);
      const e = requested !== undefined ? this.entries.get(requested) : this.bySymbol.get(symbol ?? '');
      if (!e || (symbol !== null && symbol !== e.inst.symbol))
        return this.drop('unknown_symbol', undefined, `snapshot for ${cleanText(symbol ?? reqId, 40)}`);
      const update = new BookUpdate(e, sendingTime, true);
      for (let i = 0; i < count; i++) update.entry(group!.getGroupInstance(i), '0');
      return this.apply(update, receivedAt);
    }

    // An incremental refresh may carry entries of several instruments, each with its Symbol.
    const updates = new Map<number, BookUpdate>();
    const fallback = requested !== undefined ? this.entries.get(requested) : undefined;
    for (let i = 0; i < count; i++) {
      const entry = group!.getGroupInstance(i);
      if (!entry) continue;
      const symbol = entry.getString(55);
      const e = symbol === null ? fallback : this.bySymbol.get(symbol);
      if (!e) {
        this.drop('unknown_symbol', undefined, `update for ${cleanText(symbol ?? reqId, 40)}`);
        continue;
      }
      let update = updates.get(e.inst.id);
      if (!update) updates.set(e.inst.id, (update = new BookUpdate(e, sendingTime, false)));
      update.entry(entry, entry.getString(279));
    }
    for (const update of updates.values()) this.apply(update, receivedAt);
  }

  private apply(update: BookUpdate, receivedAt: number): void {
    const e = update.target;
    if (update.problem) return this.drop(update.problem, e, update.detail);
    const wallNow = (this.options.wallClock ?? Date.now)();
    const late = e.guard.checkTime(update.providerTime, wallNow);
    if (late) return this.drop(late, e, `stamped ${update.providerTime - wallNow} ms from our clock`);
    const verdict = e.guard.apply(update.book, update.providerTime);
    if (!verdict.ok) {
      if (verdict.reason !== 'one_sided') return this.drop(verdict.reason, e, bookText(update.book));
      if (e.state !== 'unavailable') {
        e.state = 'pending';
        e.reason = 'the provider has no two-sided quote';
      }
      return;
    }
    if (verdict.newLevel)
      this.log?.info(
        { feed: 'fix', instrument: e.inst.code, bid: verdict.bid, ask: verdict.ask },
        'FIX market data: new price level confirmed by consecutive quotes',
      );
    if (e.state === 'unavailable')
      this.log?.info({ feed: 'fix', instrument: e.inst.code }, 'FIX market data: instrument quoted again');
    e.state = 'live';
    e.reason = undefined;
    e.quoted = { bid: verdict.bid, ask: verdict.ask };
    e.providerTime = update.providerTime;
    e.receivedAt = receivedAt;
    this.quotes += 1;
    this.lastQuoteAt = receivedAt;
    this.pending.set(e.inst.id, { id: e.inst.id, bid: points(verdict.bid), ask: points(verdict.ask) });
    this.scheduleFlush(receivedAt);
  }

  private onRequestReject(conn: Connection, view: MsgView): void {
    const reqId = view.getString(262);
    const id = isCleanId(reqId) ? conn.requests.get(reqId) : undefined;
    const reason = describeReason(MD_REJECT_REASONS, view.getString(281), view.getString(58), 'rejected');
    this.rejected(id, `market data request rejected: ${reason}`, { reqId: cleanText(reqId, 64) });
  }

  private onSessionReject(conn: Connection, view: MsgView): void {
    const refSeq = Number(view.getString(45));
    const refType = cleanText(view.getString(372), 8);
    const id = Number.isSafeInteger(refSeq) ? conn.requestSeqs.get(refSeq) : undefined;
    const reason = describeReason(
      SESSION_REJECT_REASONS,
      view.getString(373),
      view.getString(58),
      'rejected',
    );
    if (id !== undefined) return this.rejected(id, `request refused by the session (35=3): ${reason}`, {});
    this.lastError = `provider rejected our ${refType || 'message'} #${refSeq}: ${reason}`;
    this.log?.info({ feed: 'fix', refSeq, refMsgType: refType, reason }, 'FIX market data: message rejected');
  }

  private onBusinessReject(conn: Connection, view: MsgView): void {
    const refId = view.getString(379);
    const id = view.getString(372) === 'V' && isCleanId(refId) ? conn.requests.get(refId) : undefined;
    const reason = describeReason(
      BUSINESS_REJECT_REASONS,
      view.getString(380),
      view.getString(58),
      'rejected',
    );
    this.rejected(id, `request refused (35=j): ${reason}`, { refId: cleanText(refId, 64) });
  }

  private rejected(id: number | undefined, reason: string, fields: Record<string, unknown>): void {
    this.rejects += 1;
    const e = id === undefined ? undefined : this.entries.get(id);
    if (!e) {
      this.log?.info({ feed: 'fix', ...fields, reason }, 'FIX market data: reject of no known request');
      return;
    }
    e.state = 'unavailable';
    e.reason = reason;
    this.pending.delete(e.inst.id);
    this.log?.info(
      { feed: 'fix', instrument: e.inst.code, symbol: e.inst.symbol, reason },
      'FIX market data: instrument unavailable',
    );
  }

  /** Counts a dropped update and logs it: the first of a reason at once, then a count every 10 s. */
  private drop(reason: DropReason, e: InstrumentEntry | undefined, detail: string | undefined): void {
    this.dropped[reason] += 1;
    if (e) e.dropped += 1;
    const now = this.now();
    const last = this.dropLog.get(reason);
    if (last && now - last.at < DROP_LOG_EVERY_MS) {
      last.since += 1;
      return;
    }
    this.dropLog.set(reason, { at: now, since: 0 });
    this.log?.info(
      {
        feed: 'fix',
        reason,
        ...(e ? { instrument: e.inst.code } : {}),
        ...(detail ? { detail: cleanText(detail, 120) } : {}),
        ...(last && last.since > 0 ? { droppedSinceLastLine: last.since } : {}),
        total: this.dropped[reason],
      },
      'FIX market data: update dropped',
    );
  }
}

/** One instrument's entries of one message, read and checked before they touch its book. */
class BookUpdate {
  book: Book;
  providerTime: number;
  problem: DropReason | undefined;
  detail: string | undefined;
  private stamped = false;

  constructor(
    readonly target: InstrumentEntry,
    private readonly sendingTime: number,
    snapshot: boolean,
  ) {
    this.book = snapshot ? {} : { ...target.guard.book };
    this.providerTime = sendingTime;
  }

  /** Applies one entry (`action`: MDUpdateAction 279; a snapshot's entries are all '0', new). */
  entry(entry: MsgView | null, action: string | null): void {
    if (this.problem || !entry) return;
    const type = entry.getString(269);
    if (type !== '0' && type !== '1') return; // not bid or offer: not asked for, not used
    const side = type === '0' ? 'bid' : 'ask';
    if (action !== '0' && action !== '1' && action !== '2') return this.fail('garbage', 'MDUpdateAction');
    const time = entryTime(entry.getString(272), entry.getString(273), this.sendingTime);
    if (time === null) return this.fail('garbage', 'MDEntryDate/MDEntryTime malformed');
    if (time !== undefined) {
      this.providerTime = this.stamped ? Math.max(this.providerTime, time) : time;
      this.stamped = true;
    }
    if (action === '2') {
      this.book[side] = undefined;
      return;
    }
    const text = entry.getString(270);
    const price = pricePoints(text, this.target.inst.precision);
    if (!price.ok)
      return this.fail(
        price.problem === 'too_large' ? 'garbage' : price.problem,
        `MDEntryPx ${cleanText(text, 24)}`,
      );
    this.book[side] = price.points;
  }

  private fail(problem: DropReason, detail: string): void {
    this.problem = problem;
    this.detail = detail;
  }
}

/** The MarketDataRequest (35=V) for one instrument: snapshot plus updates, top of book, bid and offer. */
function marketDataRequest(reqId: string, symbol: string) {
  return {
    MDReqID: reqId,
    SubscriptionRequestType: '1',
    MarketDepth: 1,
    MDUpdateType: 1,
    MDReqGrp: { NoMDEntryTypes: [{ MDEntryType: '0' }, { MDEntryType: '1' }] },
    InstrmtMDReqGrp: { NoRelatedSym: [{ Instrument: { Symbol: symbol } }] },
  };
}

function bookText(book: Book): string {
  return `bid ${book.bid ?? '-'} ask ${book.ask ?? '-'} (points)`;
}
