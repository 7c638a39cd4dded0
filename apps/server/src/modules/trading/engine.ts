import type { Db } from '../../core/db/database.js';
import type { DomainEvents } from '../../core/domain-events.js';
import type { MarketService } from '../market/index.js';
import type { AccountTransactions, AccountTx } from '../../core/money/account-transactions.js';
import { holdsEpoch } from './engine-lease.repository.js';
import { AppError } from '../../core/app-error.js';
import type { DomainEvent } from '../../core/domain-events.js';
import { EngineIndex } from './engine-index.js';
import { compareIndexes, type Drift } from './engine-reconcile.js';
import type { TriggerEntry } from './live-order.js';
import { readLiveState } from './order.repository.js';
import type { RiskMonitor } from './risk-monitor.js';
import { RiskWatch } from './risk-watch.js';
import type { Quote, StopOutReceipt, TradeDesk } from './trade-desk.js';
import type { AlertDesk } from './alerts/alert-desk.js';
import { BidRanges, type MinuteRange } from './alerts/bid-ranges.js';
import type { MoveHit } from './instrument-books.js';
import type { Points } from '@pipwise/shared';
import type { MarginWarnings } from './warnings/margin-warnings.js';

export interface EngineLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface EngineDeps {
  db: Db;
  market: MarketService;
  desk: TradeDesk;
  /** Fires price alerts (docs/notifications.md "Price alerts"). */
  alerts: AlertDesk;
  /** Nominates margin warnings from each tick's valuation (docs/notifications.md). */
  warnings: MarginWarnings;
  /** Tells the trader what a stop-out did, inside its transaction. */
  onStopOut: (tx: AccountTx, receipt: StopOutReceipt) => Promise<void>;
  risk: RiskMonitor;
  transactions: AccountTransactions;
  events: DomainEvents;
  log: EngineLog;
  /**
   * The stored 1-minute candles of an instrument since `since` (epoch ms), oldest first, in
   * points: they seed the bid's rolling low and high that move alerts measure from.
   */
  minuteCandles?: (instrumentId: number, since: number) => Promise<readonly MinuteRange[]>;
  /** The clock (epoch ms). */
  now?: () => number;
}

/** How far back the rolling ranges are seeded: the longest move window. */
const SEED_MS = 24 * 3_600_000;

/**
 * The dealer's automation: on every tick it finds what the price reached in the index's
 * price-ordered books (pending fills, TP/SL) and the accounts it moved toward a stop-out,
 * and hands each to the trade desk as an account transaction. The index follows the
 * committed changes (DomainEvents) and is rebuilt from the database at start and checked
 * against it by `reconcile` (docs/money.md).
 */
export class TradingEngine {
  readonly index: EngineIndex;
  /** Work started by ticks, awaited on stop so nothing is cut in half. */
  private readonly inFlight = new Set<Promise<unknown>>();
  private readonly stopOutChecks = new Set<number>();
  private readonly movedListeners = new Set<(instrumentIds: readonly number[]) => void>();
  /** Whether this instance acts on triggers and stop-outs (the elected engine, or embedded). */
  private active = true;
  /** The lease epoch every engine write must still hold (scaled shape), or null (embedded). */
  private fence: number | null = null;
  /** Instruments whose first tick since this engine took over has not come yet. */
  private readonly resuming = new Set<number>();
  /** Events heard while the index is being read from the database, replayed onto the read. */
  private heardWhileReading: DomainEvent[] | undefined;
  /** What reconcile passes found, for /metrics. */
  readonly reconcileStats = { passes: 0, drifted: 0, caughtUp: 0 };
  /**
   * Each instrument's rolling bid low and high per move window (docs/notifications.md
   * "Price alerts"): fed by every tick, active or standing by, and seeded from the stored
   * 1-minute candles at every load, so a restart or a takeover does not start them empty.
   */
  readonly ranges = new BidRanges();
  /** Which accounts a tick must value (docs/benchmarks.md "Capacity"). */
  readonly watch: RiskWatch;

  constructor(private readonly deps: EngineDeps) {
    this.index = new EngineIndex(
      (id) => this.dependsOn(id),
      (row, err) =>
        deps.log.error({ orderId: row.id, err }, 'order row set aside: the engine cannot hold it'),
    );
    this.watch = new RiskWatch({
      index: this.index,
      risk: deps.risk,
      warnings: deps.warnings,
      market: deps.market,
      onError: (userId, err) => deps.log.error({ userId, err }, 'account not valued on this tick'),
    });
    // Whatever changes an account, its levels or its warnings takes its band away.
    deps.events.subscribe((event) => {
      this.heardWhileReading?.push(event);
      this.index.apply(event);
      deps.warnings.hear(event);
      this.watch.loosen(event.userId);
    });
    deps.warnings.onChange((userId) =>
      userId === null ? this.watch.loosenAll() : this.watch.loosen(userId),
    );
    deps.risk.onLevelsChanged(() => this.watch.loosenAll());
  }

  /**
   * Builds the index from the database (start, restart, takeover) with no blind window:
   * the read is one snapshot, and every event heard while it ran is applied onto it unless
   * the snapshot holds it already (its change sequence says so) — a position committed
   * while the index was being built is watched from the first tick after (docs/money.md
   * "The engine's memory").
   */
  async load(): Promise<void> {
    this.deps.warnings.clear();
    const heard: DomainEvent[] = [];
    this.heardWhileReading = heard;
    try {
      // The ranges' seed runs beside the index read (a takeover waits for the longer, not
      // both): the books the index puts in place then already measure moves from it.
      const [fresh] = await Promise.all([this.readIndex(), this.seedRanges()]);
      for (const event of heard) fresh.apply(event);
      this.index.replaceWith(fresh);
      this.watch.loosenAll();
    } finally {
      this.heardWhileReading = undefined;
    }
  }

  /**
   * Lays the last 24 h of stored 1-minute candles under each instrument's rolling ranges:
   * one indexed read per instrument; a failed read leaves that instrument to its live ticks.
   */
  private async seedRanges(): Promise<void> {
    const read = this.deps.minuteCandles;
    if (!read) return;
    const since = (this.deps.now ?? Date.now)() - SEED_MS;
    for (const inst of this.deps.market.listInstruments()) {
      try {
        this.ranges.of(inst.id).seed(await read(inst.id, since));
      } catch (err) {
        this.deps.log.error({ instrumentId: inst.id, err }, 'move alert ranges not seeded');
      }
    }
  }

  /**
   * Makes this instance the acting engine under lease `epoch` (scaled shape): triggers
   * reached while no engine acted fire at the first price after this, and say so.
   */
  takeOver(epoch: number): void {
    this.fence = epoch;
    this.active = true;
    for (const id of this.index.books.keys()) this.resuming.add(id);
  }

  /** Stops acting at once (lease lost or standing by); the index keeps following events. */
  standBy(): void {
    this.active = false;
    this.resuming.clear();
  }

  get isActive(): boolean {
    return this.active;
  }

  /**
   * Listens to the instruments whose ticks moved live figures: every user exposed to them
   * (`index.usersExposedTo`) has new floating profit (the socket pushes).
   */
  onAccountsMoved(listener: (instrumentIds: readonly number[]) => void): void {
    this.movedListeners.add(listener);
  }

  /** Called with the instruments whose quotes just changed. */
  onQuotes(ids: readonly number[]): void {
    for (const id of ids) {
      const q = this.deps.market.liveQuote(id);
      if (q) this.ranges.of(id).observe(q.bid, q.time);
      const book = this.index.books.get(id);
      if (this.active && q?.open && book) {
        const note = this.resuming.delete(id) ? 'after_takeover' : undefined;
        for (const entry of book.takeTriggered(q.bid, q.ask))
          this.fire(entry, { bid: q.bid, ask: q.ask }, note);
        if (book.moveCount > 0)
          for (const hit of book.takeMoves(q.bid, this.ranges.of(id).ranges())) this.fireMove(hit, q.bid);
      }
    }
    // Only the accounts these prices could have moved to a level are valued (risk-watch.ts).
    this.watch.valueAfter(ids, (account, stopOutDue) => {
      if (stopOutDue && this.active) this.checkStopOut(account.userId);
      else if (this.active) this.deps.warnings.check(account.userId, account.marginLevel, this.scheduler);
    });
    for (const listener of this.movedListeners) listener(ids);
  }

  private readonly scheduler = (userId: number, work: (tx: AccountTx) => Promise<unknown>) =>
    this.schedule(userId, work);

  /** Runs money work for a user outside a request (a tick): tracked, so `settle` waits for it. */
  schedule<T>(userId: number, work: (tx: AccountTx) => Promise<T>): Promise<T> {
    const fence = this.fence;
    const run = this.deps.transactions.run(userId, async (tx) => {
      // Fencing: a deposed engine's late work must not act (docs/architecture.md).
      if (fence !== null && !(await holdsEpoch(tx.trx, fence))) throw AppError.rule('errors.engine_fenced');
      return work(tx);
    });
    const tracked = run
      .catch((err: unknown) => this.deps.log.error({ userId, err }, 'engine work failed'))
      .finally(() => this.inFlight.delete(tracked));
    this.inFlight.add(tracked);
    return run;
  }

  /** Waits for the work ticks started (used at shutdown and in tests). */
  async settle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  /**
   * Compares the index with the database and repairs what differs; returns the drift
   * found (none, when every change reached the index). Users the index is behind on (an
   * event still on its way, or lost with a Redis outage) are caught up quietly; users that
   * changed while the database was read are left for the next pass.
   */
  async reconcile(options: { afterGap?: boolean } = {}): Promise<Drift[]> {
    // After messages between instances were lost, any trader's warning levels may have
    // changed unheard: all are read again when next needed. A routine pass keeps them (each
    // change is heard of as its event), but forgets the traders it finds the index behind on.
    if (options.afterGap) this.deps.warnings.clear();
    const fresh = await this.readIndex();
    const { drift, behind } = compareIndexes(this.index, fresh, this.inFlight.size === 0);
    this.reconcileStats.passes += 1;
    this.reconcileStats.caughtUp += behind.length;
    for (const userId of behind) {
      this.index.adoptUser(fresh, userId);
      this.deps.warnings.forget(userId);
    }
    this.index.pruneMarks(fresh);
    if (drift.length > 0) {
      this.reconcileStats.drifted += 1;
      this.deps.log.error({ drift }, 'engine index drifted from the database; repaired');
      // A book out of step (userId 0) is rebuilt whole; otherwise only the users that drifted.
      if (drift.some((d) => d.userId === 0)) {
        this.index.replaceWith(fresh);
        this.watch.loosenAll();
      } else
        for (const userId of new Set(drift.map((d) => d.userId))) {
          this.index.adoptUser(fresh, userId);
          this.watch.loosen(userId);
        }
    }
    return drift;
  }

  /**
   * One consistent read of every live order and of the accounts involved — theirs, and
   * those of the users the index holds now, so a user whose orders all ended is seen.
   */
  private async readIndex(): Promise<EngineIndex> {
    const { rows, alerts, accounts } = await readLiveState(this.deps.db, [...this.index.accounts.keys()]);
    const fresh = new EngineIndex(
      (id) => this.dependsOn(id),
      (row, err) => this.deps.log.error({ rowId: row.id, err }, 'row set aside: the engine cannot hold it'),
    );
    fresh.load(rows, accounts, alerts);
    return fresh;
  }

  /**
   * A trigger fired at quote `q`: the desk closes or fills under the user's lock, or the
   * alert desk tells the trader.
   */
  private fire(entry: TriggerEntry, q: Quote, note?: string): void {
    const { kind, orderId } = entry;
    const work = async (tx: AccountTx): Promise<unknown> =>
      kind === 'alert'
        ? this.deps.alerts.fire(tx, orderId, q.bid)
        : this.deps.desk.onTrigger(tx, { kind, orderId }, q, note);
    void this.schedule(entry.userId, work)
      .catch(() => undefined)
      .finally(() => this.index.restoreTriggers(entry));
  }

  /** A move alert the bid reached: the alert desk tells the trader under their lock. */
  private fireMove(hit: MoveHit, bid: Points): void {
    const { entry, window, reference } = hit;
    void this.schedule(entry.userId, (tx) =>
      this.deps.alerts.fireMove(tx, entry.orderId, { bid, reference, window }),
    )
      .catch(() => undefined)
      .finally(() => this.index.restoreTriggers(entry));
  }

  /** One stop-out check per user at a time; ticks meanwhile need no second one. */
  private checkStopOut(userId: number): void {
    if (this.stopOutChecks.has(userId)) return;
    this.stopOutChecks.add(userId);
    void this.schedule(userId, async (tx) => {
      const receipt = await this.deps.desk.stopOutIfDue(tx);
      if (receipt) await this.deps.onStopOut(tx, receipt);
    })
      .catch(() => undefined)
      .finally(() => this.stopOutChecks.delete(userId));
  }

  /** The instruments whose price moves a position on `instrumentId`: itself and its USD rate. */
  private dependsOn(instrumentId: number): number[] {
    const inst = this.deps.market.instrument(instrumentId);
    if (!inst || inst.quoteCurrency === 'USD') return [instrumentId];
    const rate =
      this.deps.market.instrumentByCode(`${inst.quoteCurrency}USD`) ??
      this.deps.market.instrumentByCode(`USD${inst.quoteCurrency}`);
    return rate && rate.id !== instrumentId ? [instrumentId, rate.id] : [instrumentId];
  }
}
