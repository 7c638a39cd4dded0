// The engine needs the reflect polyfill before it loads (fix-runtime.ts imports it first too).
import 'reflect-metadata';
import path from 'node:path';
import { MsgTag, MsgType, type MsgView } from 'jspurefix';
import { SimulatorFeed, type FeedAdapter } from '../feed.js';
import type { SimTick } from '../simulator.js';
import { isMarketOpen } from '../market-hours.js';
import { LpAcceptor } from './lp-acceptor.js';
import { LpExecution, type LpExecutionSettings, type LpFill } from './lp-execution.js';
import type { LpSession, LpSessionHandler } from './lp-session.js';
import type { BadQuote, LpInstrument, LpLogon, LpSimulatorOptions } from './lp-types.js';
import { cleanText, isCleanId } from './md-fields.js';

/**
 * A liquidity provider for tests and demos (docs/market-data.md "The LP simulator"): a FIX
 * 4.4 acceptor (jspurefix sessions on a TCP listener of its own) that answers each
 * MarketDataRequest with a snapshot (35=W) and then incremental refreshes (35=X) driven by
 * the built-in price simulator, and refuses unknown symbols with 35=Y. Hooks break it on
 * cue: drop every connection, stop quoting while the session stays up, send a bad quote.
 * A second listener (`tradePort`) takes orders: lp-execution.ts fills them.
 */
export class LpSimulator implements LpSessionHandler {
  readonly host: string;
  /** The market-data port, and the trading port. */
  port = 0;
  tradePort = 0;
  readonly logons: LpLogon[] = [];
  /** MarketDataRequests received, and the ones refused (MDReqID and reason). */
  requests = 0;
  readonly rejects: { reqId: string; reason: string }[] = [];
  /** Orders are filled here; its `settings` can be changed while it runs. */
  readonly execution: LpExecution;
  private readonly listeners: LpAcceptor[] = [];
  private readonly bySymbol = new Map<string, LpInstrument>();
  private readonly byId = new Map<number, LpInstrument>();
  private readonly quotes = new Map<number, { bid: number; ask: number }>();
  private readonly lastSent = new Map<number, number>();
  /** Where the quotes come from: the built-in simulator, or the source given (a replay). */
  private readonly source: FeedAdapter;
  private readonly log: (line: string) => void;
  private quoting = true;
  /** The order gateway is down (setTrading): trading logons are refused. */
  private tradingDown = false;
  private readonly refusals = new Map<string, 'session' | 'business'>();

  private constructor(private readonly options: LpSimulatorOptions) {
    this.host = options.host ?? '127.0.0.1';
    this.log = options.log ?? (() => undefined);
    for (const inst of options.instruments) {
      this.bySymbol.set(inst.symbol, inst);
      this.byId.set(inst.id, inst);
    }
    this.source =
      options.source ??
      new SimulatorFeed({
        instruments: options.instruments.map((i) => ({ ...i })),
        seed: options.seed ?? Math.floor(Math.random() * 2 ** 31),
        tickMs: options.tickMs ?? 250,
        startMids: new Map(),
        isOpen: options.alwaysOpen ? () => true : isMarketOpen,
      });
    for (const t of this.source.snapshot()) this.quotes.set(t.id, { bid: t.bid, ask: t.ask });
    this.execution = new LpExecution(
      (symbol) => this.priceOf(symbol),
      this.log,
      (origin) => (origin.ready ? origin : this.tradeSessions().find((s) => s.ready)),
    );
    if (options.execution) Object.assign(this.execution.settings, options.execution);
  }

  /** Listens for market data and for orders, and starts quoting. */
  static async start(options: LpSimulatorOptions): Promise<LpSimulator> {
    const lp = new LpSimulator(options);
    const listen = (name: string, port: number, target: string, store: string | undefined) =>
      LpAcceptor.open({
        host: lp.host,
        port,
        name,
        sender: options.senderCompId,
        target,
        heartbeatSecs: options.heartbeatSecs ?? 1,
        storeDir: store,
        handler: lp,
      });
    const md = await listen('pipwise-lp', options.port ?? 0, options.targetCompId, options.storeDir);
    lp.listeners.push(md);
    lp.port = md.port;
    const trade = await listen(
      'pipwise-lp-trade',
      options.tradePort ?? 0,
      options.tradeTargetCompId ?? options.targetCompId,
      options.storeDir === undefined ? undefined : path.join(options.storeDir, 'trade'),
    );
    lp.listeners.push(trade);
    lp.tradePort = trade.port;
    lp.source.start((ticks) => lp.quote(ticks));
    return lp;
  }

  /** Trades made, in order: what the books must hold. */
  get fills(): readonly LpFill[] {
    return this.execution.fills;
  }

  /** Changes how orders are filled from now on. */
  setExecution(settings: Partial<LpExecutionSettings>): void {
    Object.assign(this.execution.settings, settings);
    this.log(`execution: ${JSON.stringify(this.execution.settings)}`);
  }

  /** Clients logged on now, on either port. */
  get sessionCount(): number {
    return this.sessions().filter((s) => s.ready).length;
  }

  /** Cuts every connection at once, no Logout: a provider crash or a network cut. */
  dropConnections(): number {
    const n = this.listeners.reduce((sum, l) => sum + l.dropConnections(), 0);
    this.log(`dropped ${n} connection(s)`);
    return n;
  }

  /**
   * Off: the trading port's sessions are cut and every logon there is refused until it is on
   * again — the provider's order gateway down while its prices flow on.
   */
  setTrading(on: boolean): void {
    this.tradingDown = !on;
    if (!on) this.listeners[1]?.dropConnections();
    this.log(on ? 'trading port back' : 'trading port down (logons refused)');
  }

  /** Off: sessions stay up (heartbeats flow) but no quote is sent — the provider's prices go stale. */
  setQuoting(on: boolean): void {
    this.quoting = on;
    this.log(on ? 'quoting resumed' : 'quoting stopped (sessions stay up)');
  }

  /**
   * From now on, a request for `symbol` is refused with a session Reject (35=3) of the
   * request or a BusinessMessageReject (35=j) instead of being served; undefined serves it.
   */
  refuse(symbol: string, how: 'session' | 'business' | undefined): void {
    if (how) this.refusals.set(symbol, how);
    else this.refusals.delete(symbol);
  }

  /** Sends one bad quote of `symbol` to every client subscribed to it; returns how many. */
  sendBad(symbol: string, kind: BadQuote): number {
    const inst = this.bySymbol.get(symbol);
    const q = inst && this.quotes.get(inst.id);
    if (!inst || !q) throw new RangeError(`not quoted here: ${symbol}`);
    const price = (p: number) => (p / 10 ** inst.precision).toFixed(inst.precision);
    let bid = price(q.bid);
    let ask = price(q.ask);
    let time = Date.now();
    switch (kind) {
      case 'crossed':
        bid = price(q.ask + Math.max(1, q.ask - q.bid));
        break;
      case 'zero':
        bid = (0).toFixed(inst.precision);
        break;
      case 'negative':
        bid = `-${bid}`;
        break;
      case 'jump':
        bid = price(Math.round(q.bid * 1.5));
        ask = price(Math.round(q.ask * 1.5));
        break;
      case 'garbage':
        bid = 'abc';
        break;
      case 'out_of_order':
        time = (this.lastSent.get(inst.id) ?? time) - 2_000;
        break;
      case 'late':
        time -= 60_000;
        break;
    }
    const sent = this.publish(inst, bid, ask, time, false);
    this.log(`sent a ${kind} quote of ${symbol} to ${sent} client(s)`);
    return sent;
  }

  /** Stops quoting, cuts every connection and stops listening. */
  async close(): Promise<void> {
    this.source.stop();
    await Promise.all(this.listeners.map((l) => l.close()));
  }

  // ── called by the sessions ──

  /** @internal Accepts a client's Logon if it names the comp ids this provider serves. */
  logon(view: MsgView, session: LpSession): boolean {
    const from = view.getString(MsgTag.SenderCompID);
    const to = view.getString(MsgTag.TargetCompID);
    if (this.tradingDown && this.listeners[1]?.sessions.has(session)) {
      this.log(`refused a logon from ${cleanText(from, 32)}: trading port down`);
      return false;
    }
    const clients = [this.options.targetCompId, this.options.tradeTargetCompId ?? this.options.targetCompId];
    if (!clients.includes(from ?? '') || to !== this.options.senderCompId) {
      this.log(`refused a logon from ${cleanText(from, 32)} to ${cleanText(to, 32)}`);
      return false;
    }
    if (this.options.password !== undefined && view.getString(554) !== this.options.password) {
      this.log(`refused a logon from ${from}: wrong password`);
      return false;
    }
    const seqNum = Number(view.getString(MsgTag.MsgSeqNum));
    const resetSeqNum = view.getString(MsgTag.ResetSeqNumFlag) === 'Y';
    this.logons.push({ seqNum, resetSeqNum, at: Date.now() });
    this.log(`logon from ${from}: MsgSeqNum ${seqNum}${resetSeqNum ? ', reset' : ''}`);
    return true;
  }

  /** @internal A MarketDataRequest (35=V): subscribe, unsubscribe or refuse. */
  request(session: LpSession, view: MsgView): void {
    this.requests += 1;
    const reqText = view.getString(262);
    const reqId = isCleanId(reqText) ? reqText : 'none';
    const type = view.getString(263);
    if (type === '2') {
      for (const [symbol, id] of session.subscriptions)
        if (id === reqId) session.subscriptions.delete(symbol);
      return;
    }
    if (type !== '0' && type !== '1')
      return this.reject(session, reqId, '4', `SubscriptionRequestType ${cleanText(type, 8)} is not served`);
    if ([...session.subscriptions.values()].includes(reqId))
      return this.reject(session, reqId, '1', `MDReqID ${reqId} is already subscribed`);
    const related = view.getView('NoRelatedSym');
    const symbols: string[] = [];
    for (let i = 0; i < (related?.groupCount() ?? 0); i++)
      symbols.push(related?.getGroupInstance(i)?.getString(MsgTag.Symbol) ?? '');
    const refusal = symbols.map((s) => this.refusals.get(s)).find((how) => how !== undefined);
    if (refusal === 'session') {
      const text = `symbol refused: ${symbols.join(', ')}`;
      session.post('3', {
        RefSeqNum: Number(view.getString(MsgTag.MsgSeqNum)),
        RefTagID: MsgTag.Symbol,
        RefMsgType: 'V',
        SessionRejectReason: 5,
        Text: text,
      });
      this.rejects.push({ reqId, reason: text });
      return this.log(`refused ${reqId} with a session reject`);
    }
    if (refusal === 'business') {
      const text = `not entitled to ${symbols.join(', ')}`;
      session.post('j', { RefMsgType: 'V', BusinessRejectRefID: reqId, BusinessRejectReason: 6, Text: text });
      this.rejects.push({ reqId, reason: text });
      return this.log(`refused ${reqId} with a business reject`);
    }
    const unknown = symbols.filter((s) => !this.bySymbol.has(s));
    if (symbols.length === 0 || unknown.length > 0)
      return this.reject(
        session,
        reqId,
        '0',
        `Unknown symbol: ${cleanText(unknown.join(', '), 100) || '(none)'}`,
      );
    for (const symbol of symbols) {
      const inst = this.bySymbol.get(symbol)!;
      const q = this.quotes.get(inst.id)!;
      const time = Date.now();
      session.post(MsgType.MarketDataSnapshotFullRefresh, {
        MDReqID: reqId,
        Instrument: { Symbol: symbol },
        MDFullGrp: {
          NoMDEntries: [entry('0', this.price(inst, q.bid), time), entry('1', this.price(inst, q.ask), time)],
        },
      });
      this.lastSent.set(inst.id, time);
      if (type === '1') session.subscriptions.set(symbol, reqId);
    }
    this.log(`subscribed ${symbols.join(', ')} (${reqId})`);
  }

  // ── inside ──

  /** @internal What a logged-on client asks: market data, orders, order status. */
  application(session: LpSession, msgType: string, view: MsgView): void {
    if (msgType === 'V') this.request(session, view);
    else if (msgType === 'D') this.execution.order(session, view);
    else if (msgType === 'H') this.execution.status(session, view);
  }

  private sessions(): LpSession[] {
    return this.listeners.flatMap((l) => [...l.sessions]);
  }

  /** Sessions on the trading port, the newest first. */
  private tradeSessions(): LpSession[] {
    return [...(this.listeners[1]?.sessions ?? [])].reverse();
  }

  /** The current quote of a symbol, in points, for the dealing side. */
  private priceOf(symbol: string): { bid: number; ask: number; precision: number } | undefined {
    const inst = this.bySymbol.get(symbol);
    const q = inst && this.quotes.get(inst.id);
    return inst && q ? { ...q, precision: inst.precision } : undefined;
  }

  private reject(session: LpSession, reqId: string, code: string, text: string): void {
    session.post(MsgType.MarketDataRequestReject, { MDReqID: reqId, MDReqRejReason: code, Text: text });
    this.rejects.push({ reqId, reason: text });
    this.log(`rejected ${reqId}: ${text}`);
  }

  private quote(ticks: SimTick[]): void {
    for (const t of ticks) {
      this.quotes.set(t.id, { bid: t.bid, ask: t.ask });
      const inst = this.byId.get(t.id);
      if (inst && this.quoting)
        this.publish(inst, this.price(inst, t.bid), this.price(inst, t.ask), Date.now(), true);
    }
  }

  /** One incremental refresh (35=X) of both sides to every client subscribed to `inst`. */
  private publish(inst: LpInstrument, bid: string, ask: string, time: number, remember: boolean): number {
    let sent = 0;
    for (const session of this.sessions()) {
      const reqId = session.ready ? session.subscriptions.get(inst.symbol) : undefined;
      if (reqId === undefined) continue;
      session.post(MsgType.MarketDataIncrementalRefresh, {
        MDReqID: reqId,
        MDIncGrp: {
          NoMDEntries: [
            { MDUpdateAction: '1', Instrument: { Symbol: inst.symbol }, ...entry('0', bid, time) },
            { MDUpdateAction: '1', Instrument: { Symbol: inst.symbol }, ...entry('1', ask, time) },
          ],
        },
      });
      sent += 1;
    }
    if (remember) this.lastSent.set(inst.id, time);
    return sent;
  }

  private price(inst: LpInstrument, pts: number): string {
    return (pts / 10 ** inst.precision).toFixed(inst.precision);
  }
}

/** A bid ('0') or offer ('1') entry, stamped with its date and time. */
function entry(type: '0' | '1', price: string, time: number) {
  const at = new Date(time);
  return { MDEntryType: type, MDEntryPx: price, MDEntryDate: at, MDEntryTime: at };
}
