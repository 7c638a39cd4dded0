import { randomBytes } from 'node:crypto';
import type { ServerLog } from '../../../core/index.js';
import type { FeedAdapter } from '../feed.js';
import type { FeedStatus } from '../feed-status.js';
import type { SimTick } from '../simulator.js';
import { marketDataRequest } from './book-update.js';
import type { FixFeedOptions, FixFeedStatus } from './fix-feed-types.js';
import { QuoteBooks } from './md-books.js';
import type { Connection } from './md-connection.js';
import { MessageReader } from './md-messages.js';
import { SessionLoop } from './session-loop.js';

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
 *
 * The parts: the session and its reconnects (session-loop.ts, md-connection.ts), reading the
 * provider's messages (md-messages.ts), the instruments' books and what becomes of each
 * quote (md-books.ts, book-update.ts); this class wires them and keeps the beat.
 */
export class FixFeed implements FeedAdapter {
  readonly heartbeatMs: number;
  private readonly now: () => number;
  private readonly log: ServerLog | undefined;
  private readonly session: SessionLoop;
  private readonly books: QuoteBooks;
  private readonly reader: MessageReader;
  private readonly nonce = randomBytes(3).toString('hex');

  private onTicks: ((ticks: SimTick[], time: number) => void) | undefined;
  private beatTimer: NodeJS.Timeout | undefined;
  private flushTimer: NodeJS.Timeout | undefined;
  private lastEmit = 0;

  constructor(private readonly options: FixFeedOptions) {
    this.heartbeatMs = options.heartbeatMs ?? 500;
    if (!(this.heartbeatMs >= 20))
      throw new RangeError(`heartbeatMs must be at least 20: ${this.heartbeatMs}`);
    this.now = options.now ?? Date.now;
    this.log = options.log;
    this.session = new SessionLoop(options, {
      loggedOn: (conn, now) => this.loggedOn(conn, now),
      application: (conn, msgType, view) => this.reader.application(conn, msgType, view),
      sessionReject: (conn, view) => this.reader.sessionReject(conn, view),
      sessionDown: () => this.sessionDown(),
    });
    this.books = new QuoteBooks(options, (receivedAt) => this.scheduleFlush(receivedAt));
    this.reader = new MessageReader(options, this.books, this.session);
  }

  /** Whether this session subscribes the instrument. */
  carries(id: number): boolean {
    return this.options.instruments.some((i) => i.id === id);
  }

  /** The last good quote of every instrument quoted since start. */
  snapshot(): SimTick[] {
    return this.books.snapshot();
  }

  start(onTicks: (ticks: SimTick[], time: number) => void): void {
    this.onTicks = onTicks;
    if (this.session.isRunning) return;
    this.beatTimer = setInterval(() => this.beat(), this.heartbeatMs);
    this.beatTimer.unref();
    this.session.start();
  }

  /** Logs out (or drops a session not yet logged on) and stops reconnecting; writes the sequence numbers. */
  stop(): void {
    this.onTicks = undefined;
    clearInterval(this.beatTimer);
    clearTimeout(this.flushTimer);
    this.beatTimer = this.flushTimer = undefined;
    this.books.clearQuotes();
    this.session.stop();
  }

  /** `stop`, then waits until the session has ended. */
  async close(): Promise<void> {
    this.stop();
    await this.session.ended();
  }

  /**
   * Whether the feed vouches for the instrument's price now: the session is live and the
   * instrument has a good two-sided quote that is not stale. A rejected, never-quoted or
   * stale instrument is not vouched for, whatever the feed's heartbeat says.
   */
  vouchesFor(id: number, now = this.now()): boolean {
    return this.books.hasFreshQuote(id, now) && this.session.isLive(now);
  }

  status(now = this.now()): FixFeedStatus {
    this.books.refreshStale(now);
    return {
      ...this.session.describe(),
      ...(this.books.lastQuoteAt !== undefined ? { lastQuoteAt: this.books.lastQuoteAt } : {}),
      messages: this.reader.messages,
      quotes: this.books.quotes,
      rejects: this.books.rejects,
      dropped: { ...this.books.dropped },
      instruments: this.books.statuses(),
    };
  }

  /** One source, the primary, always priced from (a FailoverFeed shows two). */
  describe(now = this.now()): FeedStatus {
    const fix = this.status(now);
    return {
      kind: 'fix',
      sources: [{ role: 'primary', fix }],
      active: Object.fromEntries(fix.instruments.map((i) => [i.id, 'primary' as const])),
      switches: [],
      switchCounts: {},
    };
  }

  // ── the session's ups and downs ──

  /** Logged on: the message budget starts over and every instrument is requested on `conn`. */
  private loggedOn(conn: Connection, now: number): void {
    this.reader.resetBudget(now);
    this.log?.info(
      { feed: 'fix', connection: conn.no, sequence: conn.session.sequence(), instruments: this.books.size },
      'FIX market data: logged on, subscribing',
    );
    this.books.requestAll((inst) => {
      const reqId = `${this.nonce}-${conn.no}-${inst.id}`;
      conn.requests.set(reqId, inst.id);
      conn.session.sendMessage('V', marketDataRequest(reqId, inst.symbol), (seq) => {
        if (seq !== undefined) conn.requestSeqs.set(seq, inst.id);
      });
    });
  }

  /** The session ended: quotes not yet passed on are dropped and no instrument is live. */
  private sessionDown(): void {
    this.books.clearQuotes();
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    this.books.sessionDown();
  }

  // ── the beat ──

  private beat(): void {
    const now = this.now();
    this.books.refreshStale(now);
    if (this.session.isLive(now)) this.flush(now);
  }

  /** Passes on the quotes that came in (or none, as a heartbeat): one step. */
  private flush(now: number): void {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    const ticks = this.books.takeQuotes();
    const time = Math.max(now, this.lastEmit);
    this.lastEmit = time;
    this.onTicks?.(ticks, time);
  }

  /** Quotes go out at once when the last step is `flushMs` old, else with the next one due. */
  private scheduleFlush(now: number): void {
    if (this.flushTimer) return;
    const wait = this.lastEmit + (this.options.flushMs ?? 100) - now;
    if (wait <= 0) {
      if (this.session.isLive(now)) this.flush(now);
      return;
    }
    this.flushTimer = setTimeout(() => {
      this.flushTimer = undefined;
      const at = this.now();
      if (this.session.isLive(at)) this.flush(at);
    }, wait);
    this.flushTimer.unref();
  }
}
