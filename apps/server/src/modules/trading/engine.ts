import { OrderStatus, type CloseReason } from '@pipwise/shared';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import type { SettingsService } from '../content/settings.service.js';
import type { Instrument } from '../market/instrument.js';
import type { MarketService } from '../market/market.service.js';
import type { AccountBook } from './account-book.js';
import { EngineState } from './engine-state.js';
import { pendingFromRow, positionFromRow } from './live-mapping.js';
import type { LivePending, LivePosition, TriggerEntry } from './live-order.js';
import * as exec from './order-executor.js';
import { listLiveOrders, type OrderRow } from './order.repository.js';
import { RiskMonitor } from './risk-monitor.js';
import { UserLock } from './user-lock.js';
import type { Valuation } from './valuation.js';

/** What the engine tells the rest of the system (the socket hub, in practice). */
export interface EngineListener {
  /** A user's positions, balance or live figures changed. */
  accountChanged(userId: number): void;
  /** A position closed (or a pending order was cancelled by the engine). */
  orderClosed(userId: number, event: { Id: number; reason: CloseReason; FactProfits: number }): void;
}

export interface EngineDeps {
  db: Db;
  market: MarketService;
  valuation: Valuation;
  settings: SettingsService;
  listener: EngineListener;
  now: () => number;
}

/**
 * The dealer: fills market orders, watches pending orders and TP/SL in per-instrument
 * price-ordered books, stops out accounts below the stop-out level, and keeps an in-memory
 * mirror of every live order that it rebuilds from the database at start. All work for one
 * user runs one at a time (UserLock); every money change is one database transaction.
 */
export class TradingEngine {
  readonly state: EngineState;
  readonly risk: RiskMonitor;
  private readonly lock = new UserLock();
  /** Work started by ticks, awaited on stop so nothing is cut in half. */
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(private readonly deps: EngineDeps) {
    this.state = new EngineState(deps.db, (id) => this.dependsOn(id));
    this.risk = new RiskMonitor(this, deps.valuation, deps.market, deps.settings);
  }

  /** Rebuilds the live state from the database (start and restart). */
  async load(): Promise<void> {
    for (const row of await listLiveOrders(this.deps.db)) {
      const account = await this.state.account(Number(row.user_id));
      if (row.status === OrderStatus.Holding) this.state.addPosition(account, positionFromRow(row));
      else this.state.addPending(account, pendingFromRow(row));
    }
  }

  /** Runs work for a user after whatever runs for them already. */
  forUser<T>(userId: number, work: () => Promise<T>): Promise<T> {
    return this.lock.run(userId, work);
  }

  instrument(id: number): Instrument {
    const inst = this.deps.market.instrument(id);
    if (!inst) throw AppError.rule('errors.instrument_not_found');
    return inst;
  }

  /** The live quote of an open market, or the "market closed" error. */
  openQuote(inst: Instrument): { bid: number; ask: number } {
    const q = this.deps.market.liveQuote(inst.id);
    if (!q?.open) throw AppError.rule('errors.market_closed');
    return { bid: q.bid, ask: q.ask };
  }

  /** The last quote, open market or not (for demo resets). */
  lastQuote(instrumentId: number): { bid: number; ask: number } {
    const q = this.deps.market.liveQuote(instrumentId);
    if (!q) throw AppError.rule('errors.market_closed');
    return { bid: q.bid, ask: q.ask };
  }

  /** Tells listeners a user's account changed outside a tick (reset, command). */
  notifyAccount(userId: number): void {
    this.deps.listener.accountChanged(userId);
  }

  /** Called with the instruments whose quotes just changed. */
  onQuotes(ids: readonly number[]): void {
    const touched = new Set<number>();
    for (const id of ids) {
      const q = this.deps.market.liveQuote(id);
      const book = this.state.books.get(id);
      if (q?.open && book) {
        for (const entry of book.takeTriggered(q.bid, q.ask)) this.fire(entry, q);
      }
      for (const userId of this.state.usersExposedTo(id)) touched.add(userId);
    }
    for (const userId of touched) {
      this.deps.listener.accountChanged(userId);
      this.risk.check(userId);
    }
  }

  /** Starts work for a user from a tick (not a request): tracked, so `settle` waits for it. */
  schedule(userId: number, work: () => Promise<unknown>): Promise<unknown> {
    const run = this.forUser(userId, work);
    this.track(run);
    return run;
  }

  /** Waits for the work ticks started (used at shutdown and in tests). */
  async settle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  private track(work: Promise<unknown>): void {
    const tracked = work.catch(() => undefined).finally(() => this.inFlight.delete(tracked));
    this.inFlight.add(tracked);
  }

  /** A trigger fired at quote `q`: TP/SL close at that tick's price, pending orders fill. */
  private fire(entry: TriggerEntry, q: { bid: number; ask: number }): void {
    void this.schedule(entry.userId, async () => {
      const account = await this.state.account(entry.userId);
      if (entry.kind === 'pending') {
        const pending = account.pendings.get(entry.orderId);
        if (pending) await this.fill(account, pending, pending.side === 1 ? q.ask : q.bid);
        return;
      }
      const position = account.positions.get(entry.orderId);
      if (position)
        await this.closePosition(account, position, entry.kind, position.side === 1 ? q.bid : q.ask);
    });
  }

  /** Opens a pending order at `fillPrice` if the account can still afford it. */
  private async fill(account: AccountBook, pending: LivePending, fillPrice: number): Promise<void> {
    const inst = this.instrument(pending.instrumentId);
    const now = this.deps.now();
    const margin = this.deps.valuation.margin(inst, pending.lots, pending.leverage, fillPrice);
    const fee = this.deps.valuation.fee(
      inst,
      pending.lots,
      margin,
      await this.deps.settings.number('trade_fee_type', 1),
    );
    this.state.removePending(account, pending);
    if (this.risk.freeMargin(account) < margin + fee || account.balance < fee) {
      // Margin is checked again when a pending order triggers (ARCHITECTURE §4).
      if (await exec.cancelPendingOrder(this.deps.db, pending.id, 'no_margin', now)) {
        this.deps.listener.orderClosed(account.userId, {
          Id: pending.id,
          reason: 'no_margin',
          FactProfits: 0,
        });
      }
      return;
    }
    const filled = await exec.fillPendingOrder(this.deps.db, pending.id, {
      openPrice: fillPrice,
      margin,
      fee,
      now,
    });
    if (!filled) return;
    account.balance = filled.balance;
    this.state.addPosition(account, positionFromRow(filled.row));
    this.deps.listener.accountChanged(account.userId);
  }

  /** Closes a position at `closePrice` (points); the caller holds the user's lock. */
  async closePosition(
    account: AccountBook,
    position: LivePosition,
    reason: CloseReason,
    closePrice: number,
  ): Promise<OrderRow | null> {
    const inst = this.instrument(position.instrumentId);
    const profit = this.deps.valuation.profit(inst, position, closePrice);
    const now = this.deps.now();
    // Out of the books first, so no other trigger fires for it while the transaction runs.
    this.state.removePosition(account, position);
    let closed: Awaited<ReturnType<typeof exec.closeOpenOrder>>;
    try {
      closed = await exec.closeOpenOrder(this.deps.db, position.id, account.userId, {
        closePrice,
        profit,
        reason,
        now,
      });
    } catch (err) {
      this.state.addPosition(account, position);
      throw err;
    }
    if (!closed) return null;
    account.balance = closed.balance;
    this.deps.listener.orderClosed(account.userId, {
      Id: position.id,
      reason,
      FactProfits: profit / 1_000_000,
    });
    this.deps.listener.accountChanged(account.userId);
    return closed.row;
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
