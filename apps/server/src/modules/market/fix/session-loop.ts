import type net from 'node:net';
import type { MsgView } from 'jspurefix';
import type { ServerLog } from '../../../core/index.js';
import type { FixSessionOptions, FixSessionState, FixSessionStatus } from './fix-feed-types.js';
import { describeEndpoint } from './fix-url.js';
import { backoffMs, loadRuntime, watch } from './md-connection.js';
import type { Connection, Runtime, SessionNotes } from './md-connection.js';
import { cleanText } from './md-fields.js';
import type { MdSession, MdSessionHandler } from './md-session.js';
import { SequenceStoreFactory, sequenceMediumOf, type SequenceStore } from './seq-store.js';

/** What the session loop hands to the feed: what a live connection says, and its ups and downs. */
export interface SessionEvents {
  /** Logged on at `now`: the feed subscribes its instruments on `conn`. */
  loggedOn(conn: Connection, now: number): void;
  /** An application message (W, X, Y, j, …) on the current connection. */
  application(conn: Connection, msgType: string, view: MsgView): void;
  /** A session-level Reject (35=3) of one of our messages on the current connection. */
  sessionReject(conn: Connection, view: MsgView): void;
  /** The session ended: what the provider said is not live any more. */
  sessionDown(): void;
}

/** A session that stayed up this long was healthy: the next reconnect starts the backoff over. */
const STABLE_SESSION_MS = 10_000;

/**
 * The FIX feed's session to the provider, from start to stop: connect, log on, watch the
 * connection, and when it ends reconnect with exponential backoff. The sequence numbers live
 * in its `sequences` medium or `storeDir` (seq-store.ts). Its public fields are what `FixFeed.status()` shows.
 */
export class SessionLoop implements SessionNotes {
  state: FixSessionState = 'idle';
  /** Since when the session is in this state, epoch ms. */
  since: number;
  /** The last message of any kind from the provider, epoch ms. */
  lastMessageAt: number | undefined;
  lastError: string | undefined;
  engineWarning: string | undefined;
  store: SequenceStore | undefined;
  /** When the next connection attempt is due (reconnecting), epoch ms. */
  nextAttemptAt: number | undefined;
  connects = 0;
  disconnects = 0;
  private readonly now: () => number;
  private readonly log: ServerLog | undefined;
  private readonly stores: SequenceStoreFactory;
  private readonly silenceLimitMs: number;
  private running = false;
  /** Which start() the running loop belongs to: a loop of an earlier one ends at its next turn. */
  private generation = 0;
  private loop: Promise<void> | undefined;
  private runtime: Promise<Runtime> | undefined;
  private conn: Connection | undefined;
  private connections = 0;
  private wake: (() => void) | undefined;
  private readonly label: string;

  constructor(
    private readonly options: FixSessionOptions,
    private readonly events: SessionEvents,
  ) {
    const fixHeartbeat = options.fixHeartbeatSecs ?? 5;
    if (!(Number.isInteger(fixHeartbeat) && fixHeartbeat >= 1 && fixHeartbeat <= 300))
      throw new RangeError(`fixHeartbeatSecs must be 1-300: ${fixHeartbeat}`);
    this.silenceLimitMs = fixHeartbeat * 1500;
    this.now = options.now ?? Date.now;
    this.log = options.log;
    this.since = this.now();
    this.label = `FIX ${options.purpose ?? 'market data'}`;
    this.stores = new SequenceStoreFactory(sequenceMediumOf(options));
  }

  get isRunning(): boolean {
    return this.running;
  }

  start(): void {
    this.running = true;
    const generation = ++this.generation;
    // Started again after a stop: the earlier loop ends its session first.
    this.loop = (this.loop ?? Promise.resolve()).then(() => this.run(generation));
  }

  /** Logs out (or drops a session not yet logged on) and stops reconnecting; writes the sequence numbers. */
  stop(): void {
    this.running = false;
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

  /** The loop of the last start (none before it): it settles once the session has ended after stop. */
  ended(): Promise<void> | undefined {
    return this.loop;
  }

  /** The session as operators see it (the feeds page). */
  describe(): FixSessionStatus {
    const store = this.store;
    return {
      endpoint: describeEndpoint(this.options.endpoint),
      session: this.state,
      since: this.since,
      ...(this.lastMessageAt !== undefined ? { lastMessageAt: this.lastMessageAt } : {}),
      ...(this.lastError !== undefined ? { lastError: this.lastError } : {}),
      ...(this.state === 'reconnecting' && this.nextAttemptAt !== undefined
        ? { nextAttemptAt: this.nextAttemptAt }
        : {}),
      connects: this.connects,
      disconnects: this.disconnects,
      ...(store ? { sequence: { nextOut: store.senderSeqNum, nextIn: store.targetSeqNum } } : {}),
    };
  }

  /** Logged on, and the provider spoke within 1.5 of its heartbeat intervals. */
  isLive(now: number): boolean {
    return (
      this.state === 'live' &&
      this.lastMessageAt !== undefined &&
      now - this.lastMessageAt <= this.silenceLimitMs
    );
  }

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
      const delay = backoffMs(failures, this.options.backoff);
      this.nextAttemptAt = this.now() + delay;
      this.setState('reconnecting');
      this.log?.info(
        {
          fix: this.options.purpose ?? 'market data',
          error: this.lastError,
          retryInMs: delay,
          attempt: failures,
        },
        `${this.label}: session down, reconnecting`,
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
    // Stopped: the last numbers reach the medium before the loop counts as ended.
    await this.stores.flush();
  }

  /** One connection, from TCP connect to the session's end; resolves with how long it was live, ms. */
  private async session(generation: number): Promise<number> {
    this.setState('connecting');
    this.runtime ??= loadRuntime(this.options, this.stores, this).catch((err: unknown) => {
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
    const reset = !(await store.hasState());
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
    const ended = watch(conn, this);
    this.conn = conn;
    this.lastError = undefined;
    this.engineWarning = undefined;
    this.setState('logging_on');
    this.log?.info(
      {
        fix: this.options.purpose ?? 'market data',
        endpoint: describeEndpoint(this.options.endpoint),
        connection: conn.no,
        resetSeqNum: reset,
      },
      `${this.label}: connected, logging on`,
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

  private handlerFor(conn: Connection): MdSessionHandler {
    return {
      ready: () => this.sessionReady(conn),
      received: () => {
        if (this.conn === conn) this.lastMessageAt = this.now();
      },
      application: (msgType, view) => {
        if (this.conn === conn && !conn.closing) this.events.application(conn, msgType, view);
      },
      sessionReject: (view) => {
        if (this.conn === conn && !conn.closing) this.events.sessionReject(conn, view);
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
    this.setState('live');
    this.events.loggedOn(conn, now);
  }

  private sessionEnded(conn: Connection): void {
    if (this.conn !== conn) return;
    this.conn = undefined;
    this.disconnects += 1;
    this.events.sessionDown();
    if (this.running) this.setState('reconnecting');
    this.options.onLinkDown?.();
  }

  private setState(state: FixSessionState): void {
    if (this.state === state) return;
    this.state = state;
    this.since = this.now();
  }
}
