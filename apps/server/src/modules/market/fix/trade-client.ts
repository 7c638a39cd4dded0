import type { MsgView } from 'jspurefix';
import { readExecutionReport } from './execution-report.js';
import type { FixSessionOptions, TradeSessionStatus } from './fix-feed-types.js';
import type { Connection } from './md-connection.js';
import { cleanText, describeReason, BUSINESS_REJECT_REASONS, SESSION_REJECT_REASONS } from './md-fields.js';
import { SessionLoop } from './session-loop.js';
import type { ExecutionVenue, VenueOrder, VenueOutcome } from './trade-types.js';

/** One order waited for: who resolves it, and the timer that gives up. */
interface Waiter {
  order: Pick<VenueOrder, 'clOrdId' | 'symbol' | 'side'>;
  resolve: (outcome: VenueOutcome) => void;
  timer: NodeJS.Timeout;
  /** A status request is still to be sent once the session is live. */
  statusDue: boolean;
}

const TIME_IN_FORCE = { ioc: '3', fok: '4' } as const;

/**
 * The execution side of a liquidity provider over a FIX 4.4 session (docs/execution.md):
 * orders go out as NewOrderSingle (35=D, a limit at the worst price accepted, IOC or FOK)
 * and come back as ExecutionReports (35=8). The session, its reconnects and its stored
 * sequence numbers are the same as the market-data feed's (session-loop.ts).
 *
 * Each order is waited for by its ClOrdID until its final report or `timeoutMs`. An order
 * in flight when the link drops stays waited for: at the next logon its status is asked
 * (35=H), so a fill made while we were away is learned, never lost. A final report nobody
 * waits for (resent after a restart, or a fill after the timeout) goes to the unsolicited
 * listener, which books or records it once.
 */
export class FixTradeClient implements ExecutionVenue {
  private readonly session: SessionLoop;
  private readonly waiters = new Map<string, Waiter>();
  private conn: Connection | undefined;
  private unsolicited: ((clOrdId: string, outcome: VenueOutcome) => void) | undefined;
  private readonly logonListeners: (() => void)[] = [];
  private readonly now: () => number;
  /** MsgSeqNum of each NewOrderSingle sent → its ClOrdID, to place a session reject (kept for the latest 1 000). */
  private readonly sentSeqs = new Map<number, string>();
  /** Reports read, and reports refused as unreadable. */
  reports = 0;
  garbled = 0;

  constructor(private readonly options: FixSessionOptions) {
    this.now = options.now ?? Date.now;
    this.session = new SessionLoop(
      { ...options, purpose: 'trading' },
      {
        loggedOn: (conn) => this.loggedOn(conn),
        application: (_conn, msgType, view) => this.application(msgType, view),
        sessionReject: (_conn, view) => this.sessionReject(view),
        sessionDown: () => {
          this.conn = undefined;
        },
      },
    );
  }

  start(): void {
    if (!this.session.isRunning) this.session.start();
  }

  /** Logs out and stops reconnecting; orders still waited for resolve as unknown. */
  async close(): Promise<void> {
    this.session.stop();
    for (const [clOrdId, waiter] of this.waiters)
      this.settle(clOrdId, waiter, unknown('trading session closed'));
    await this.session.ended();
  }

  isLive(now = this.now()): boolean {
    return this.conn !== undefined && this.session.isLive(now);
  }

  /** The session's state for operators (the feeds page shows it beside the market data). */
  get state(): SessionLoop['state'] {
    return this.session.state;
  }

  /** The session, its reports and the orders waited for, as the feeds page shows them. */
  describe(): TradeSessionStatus {
    return {
      ...this.session.describe(),
      reports: this.reports,
      garbled: this.garbled,
      waiting: this.waiters.size,
    };
  }

  onUnsolicited(listener: (clOrdId: string, outcome: VenueOutcome) => void): void {
    this.unsolicited = listener;
  }

  onLoggedOn(listener: () => void): void {
    this.logonListeners.push(listener);
  }

  execute(order: VenueOrder, timeoutMs: number): Promise<VenueOutcome> {
    const conn = this.conn;
    if (!conn || !this.isLive()) return Promise.resolve(unknownNotSent());
    return this.wait(order, timeoutMs, false, () =>
      conn.session.sendMessage(
        'D',
        {
          ClOrdID: order.clOrdId,
          Instrument: { Symbol: order.symbol },
          Side: String(order.side),
          TransactTime: new Date(this.now()),
          OrderQtyData: { OrderQty: order.quantity },
          OrdType: '2',
          Price: order.limitPrice,
          TimeInForce: TIME_IN_FORCE[order.timeInForce],
        },
        (seq) => {
          if (seq === undefined) return;
          this.sentSeqs.set(seq, order.clOrdId);
          if (this.sentSeqs.size > 1_000) this.sentSeqs.delete(this.sentSeqs.keys().next().value!);
        },
      ),
    );
  }

  status(order: Pick<VenueOrder, 'clOrdId' | 'symbol' | 'side'>, timeoutMs: number): Promise<VenueOutcome> {
    return this.wait(order, timeoutMs, true, () => {
      if (this.conn) this.sendStatus(this.conn, order);
    });
  }

  // ── inside ──

  /** Waits for the order's final report; a second wait on the same order shares the first. */
  private wait(
    order: Pick<VenueOrder, 'clOrdId' | 'symbol' | 'side'>,
    timeoutMs: number,
    statusDue: boolean,
    send: () => void,
  ): Promise<VenueOutcome> {
    const earlier = this.waiters.get(order.clOrdId);
    if (earlier) this.settle(order.clOrdId, earlier, unknown('asked again'));
    return new Promise<VenueOutcome>((resolve) => {
      const timer = setTimeout(() => {
        const waiter = this.waiters.get(order.clOrdId);
        if (waiter) this.settle(order.clOrdId, waiter, unknown(`no final report within ${timeoutMs} ms`));
      }, timeoutMs);
      timer.unref();
      this.waiters.set(order.clOrdId, { order, resolve, timer, statusDue: statusDue && !this.isLive() });
      send();
    });
  }

  private settle(clOrdId: string, waiter: Waiter, outcome: VenueOutcome): void {
    clearTimeout(waiter.timer);
    this.waiters.delete(clOrdId);
    waiter.resolve(outcome);
  }

  private sendStatus(conn: Connection, order: Pick<VenueOrder, 'clOrdId' | 'symbol' | 'side'>): void {
    conn.session.sendMessage('H', {
      ClOrdID: order.clOrdId,
      Instrument: { Symbol: order.symbol },
      Side: String(order.side),
    });
  }

  /**
   * Logged on: every order still waited for is asked about (its report may have been lost
   * with the link), then the listeners ask about what an earlier process left in flight.
   */
  private loggedOn(conn: Connection): void {
    this.conn = conn;
    this.options.log?.info({ fix: 'trading', waiting: this.waiters.size }, 'FIX trading: logged on');
    for (const waiter of this.waiters.values()) {
      waiter.statusDue = false;
      this.sendStatus(conn, waiter.order);
    }
    for (const listener of this.logonListeners) listener();
  }

  private application(msgType: string, view: MsgView): void {
    if (msgType === '8') return this.report(view);
    if (msgType === 'j') {
      // A NewOrderSingle or status request refused as a whole: BusinessRejectRefID is our ClOrdID.
      const ref = view.getString(379) ?? '';
      const waiter = this.waiters.get(ref);
      const reason = describeReason(
        BUSINESS_REJECT_REASONS,
        view.getString(380),
        view.getString(58),
        'refused',
      );
      if (waiter) this.settle(ref, waiter, { kind: 'rejected', reason });
    }
  }

  private report(view: MsgView): void {
    this.reports += 1;
    const reading = readExecutionReport(view);
    if (!reading) {
      this.garbled += 1;
      this.options.log?.error(
        { fix: 'trading' },
        'FIX trading: an ExecutionReport without a readable ClOrdID',
      );
      return;
    }
    if (!reading.outcome) return; // still working: its final report follows
    const waiter = this.waiters.get(reading.clOrdId);
    if (waiter) return this.settle(reading.clOrdId, waiter, reading.outcome);
    if (reading.outcome.kind !== 'unknown') this.unsolicited?.(reading.clOrdId, reading.outcome);
  }

  /** A session-level reject (35=3) of one of our orders refuses it: the provider did not take it. */
  private sessionReject(view: MsgView): void {
    const reason = describeReason(
      SESSION_REJECT_REASONS,
      view.getString(373),
      view.getString(58),
      'rejected',
    );
    const clOrdId = this.sentSeqs.get(Number(view.getString(45)));
    const waiter = clOrdId === undefined ? undefined : this.waiters.get(clOrdId);
    this.options.log?.error(
      { fix: 'trading', clOrdId, reason: cleanText(reason) },
      'FIX trading: session reject',
    );
    if (clOrdId !== undefined && waiter && view.getString(372) === 'D')
      this.settle(clOrdId, waiter, { kind: 'rejected', reason });
  }
}

const unknown = (reason: string): VenueOutcome => ({ kind: 'unknown', reason });

/** Not sent at all: the provider cannot have it, so it is refused outright. */
const unknownNotSent = (): VenueOutcome => ({ kind: 'rejected', reason: 'trading session not connected' });
