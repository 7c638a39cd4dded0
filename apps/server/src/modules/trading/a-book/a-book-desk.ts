import { createHash, randomBytes } from 'node:crypto';
import {
  closingPoints,
  Dec,
  lots as asLots,
  microUsd,
  OrderStatus,
  type Lots,
  type MicroUsd,
  type Points,
} from '@pipwise/shared';
import { AppError } from '../../../core/app-error.js';
import type { Db } from '../../../core/db/database.js';
import type { ServerLog } from '../../../core/index.js';
import type { AccountTransactions, AccountTx } from '../../../core/money/account-transactions.js';
import { post } from '../../../core/money/ledger.js';
import {
  markupOnSide,
  providerSymbolOf,
  type ExecutionVenue,
  type Instrument,
  type MarketService,
  type VenueOutcome,
} from '../../market/index.js';
import { findOrder, sideOf, type OrderRow } from '../order.repository.js';
import type { NewOrder, TradeDesk } from '../trade-desk.js';
import * as executions from './execution.repository.js';
import type { ExecutionRow } from './execution.repository.js';
import {
  decimalPrice,
  exactLotsOfUnits,
  limitPoints,
  lotsOfUnits,
  providerPoints,
  rawPoints,
  traderPoints,
  unitsOf,
} from './venue-terms.js';

export interface ABookDeskDeps {
  db: Db;
  market: MarketService;
  desk: TradeDesk;
  transactions: AccountTransactions;
  log: ServerLog;
  now: () => number;
}

/** How long a trader waits for the provider's answer before the order is refused, ms. */
export const DEFAULT_ORDER_TIMEOUT_MS = 5_000;
/** How often orders left unresolved are asked about while the provider is connected, ms. */
const SWEEP_EVERY_MS = 15_000;
/**
 * An order written `sent` this recently (beyond the trader's wait) may not have reached the
 * provider yet — scaled, it may still be on its way to the engine — so the sweep does not
 * ask about it: an order asked about before it arrives would come back "unknown", be taken
 * as refused, and its fill then be lost.
 */
const IN_TRANSIT_GRACE_MS = 5_000;
/** Status requests a sweep has at the provider at once. */
const SWEEP_CONCURRENCY = 8;

/** A submit or close the provider must fill: what the first transaction hands on. */
export interface ABookTicket {
  aBookExecution: number;
}

export function isABookTicket(value: unknown): value is ABookTicket {
  return typeof value === 'object' && value !== null && 'aBookExecution' in value;
}

/** Who asks to resolve: the trader's own request (waiting), or the recovery (after the fact). */
type Resolver = 'request' | 'recovery';

/**
 * A-book execution (docs/execution.md): orders of an A-book instrument or trader are sent to
 * the liquidity provider, and the position opens (or closes) only at the provider's fill.
 *
 * 1. In the trader's account transaction the order is checked as any order (and its margin
 *    at the worst price the limit allows), and an `executions` row is written: state `sent`,
 *    a ClOrdID derived from the idempotency key. Nothing is on the books yet.
 * 2. The order goes to the provider (IOC opens, FOK closes) and is waited for.
 * 3. Its outcome is resolved in a second account transaction that re-reads the row under
 *    the account lock and moves it out of `sent` only once: a fill is booked at the
 *    provider's price plus the markup; a refusal or a timeout is refused to the trader with
 *    a clear message and books nothing.
 *
 * Orders left in flight (a crash, a link down past the timeout) are asked about at every
 * logon and every 15 s while the provider is connected; resent reports are resolved the same
 * way. A fill found for an order the trader was told had failed (timed out) is not booked:
 * it is recorded `unbooked` for the dealing desk, as is the part of a fill below a lot step.
 */
export class ABookDesk {
  private venue: ExecutionVenue | undefined;
  private timeoutMs = DEFAULT_ORDER_TIMEOUT_MS;
  /** Executions this process is waiting on, by id: a repeat of the request waits for the same. */
  private readonly inFlight = new Map<number, Promise<OrderRow>>();
  private sweepTimer: NodeJS.Timeout | undefined;
  private sweeping = false;
  /** A pass over the queued covers is running; `coverAgain`: one more was asked for meanwhile. */
  private covering = false;
  private coverAgain = false;
  /** Positions whose close here queued a cover: sent once that close is committed. */
  private readonly coversQueued = new Set<number>();
  /** Covers being claimed to send: not asked about meanwhile. */
  private readonly claiming = new Set<number>();
  /**
   * Whether this instance asks about unresolved orders and sends covers: the one holding
   * the trading session does; scaled, the others only forward their traders' orders to it.
   */
  private recovers = true;

  constructor(private readonly deps: ABookDeskDeps) {
    deps.desk.onInHouseClose((tx, closed) => this.coverIfFilledThere(tx, closed));
  }

  /**
   * Connects the provider's execution side (FIX_TRADE_URL); again with the same one, sets the
   * timeout. `recovers: false` (the scaled shape's instances that forward to the engine):
   * orders are sent and their answers booked here, but asking about orders left in flight
   * and sending covers is the engine's (docs/execution.md "In the scaled shape").
   */
  useVenue(venue: ExecutionVenue, options: { timeoutMs?: number; recovers?: boolean } = {}): void {
    this.timeoutMs = options.timeoutMs ?? DEFAULT_ORDER_TIMEOUT_MS;
    if (venue === this.venue) return;
    this.stop();
    this.venue = venue;
    this.recovers = options.recovers ?? true;
    if (!this.recovers) return;
    venue.onLoggedOn(() => void this.sweep());
    venue.onUnsolicited((clOrdId, outcome) => void this.unsolicited(clOrdId, outcome));
    this.sweepTimer = setInterval(() => {
      if (this.venue?.isLive()) void this.sweep();
    }, SWEEP_EVERY_MS);
    this.sweepTimer.unref();
  }

  stop(): void {
    clearInterval(this.sweepTimer);
    this.sweepTimer = undefined;
  }

  /**
   * No trading session any more (an operator removed or disabled it): A-book orders are
   * refused as "execution unavailable" until another is connected.
   */
  dropVenue(): void {
    this.stop();
    this.venue = undefined;
  }

  /** Whether a new order of this trader on this instrument goes to the provider. */
  routes(tx: AccountTx, inst: Instrument): boolean {
    return inst.executionMode === 'a_book' || tx.aBook;
  }

  /** Whether closing this position goes to the provider: it does if its open was filled there. */
  async routesClose(tx: AccountTx, row: OrderRow): Promise<boolean> {
    return (await executions.findPositionExecution(tx.trx, Number(row.id), 'open', 'booked')) !== undefined;
  }

  /** Step 1 of an open: checks and writes the execution (inside the trader's transaction). */
  async prepareOpen(
    tx: AccountTx,
    order: NewOrder,
    /** The trader's price: the instrument's and the group's markups included. */
    entry: Points,
    /** The account's group markup on the instrument, which the position will keep. */
    groupMarkup: number,
    idempotencyKey: string | undefined,
  ): Promise<ABookTicket> {
    const inst = this.available(order.instrument_id);
    const side = order.side === 1 ? 1 : 2;
    const limit = limitPoints(inst, side, entry, groupMarkup);
    const markup = markupOnSide(inst, side, groupMarkup);
    // The margin is checked at the worst trader price the limit allows, so a fill within it is affordable.
    await this.deps.desk.affordable(tx, inst, order, traderPoints(markup, side, limit));
    const row = await executions.insertExecution(tx.trx, {
      cl_ord_id: clOrdIdFor(tx.userId, idempotencyKey),
      user_id: tx.userId,
      instrument_id: inst.id,
      purpose: 'open',
      order_id: null,
      side,
      lots: order.lots,
      leverage: order.leverage,
      tp: order.tp ?? null,
      sl: order.sl ?? null,
      trailing_points: order.trailing_points ?? null,
      quoted_price: entry,
      limit_price: limit,
      markup_points: markup,
      group_markup: groupMarkup,
      state: 'sent',
      idempotency_key: idempotencyKey ?? null,
      created_at: tx.now,
    });
    return { aBookExecution: Number(row.id) };
  }

  /**
   * Step 1 of a close: the position's opposite side, FOK — all of it, or `lots` of it for a
   * partial close (checked by the order rules), which the fill then books as a part of its own
   * (docs/money.md "Partial close and close all").
   */
  async prepareClose(tx: AccountTx, row: OrderRow, lots?: Lots & string): Promise<ABookTicket> {
    if (await executions.findPositionExecution(tx.trx, Number(row.id), 'close', 'sent'))
      throw AppError.rule('errors.order_closing');
    const inst = this.available(row.instrument_id);
    const side = row.side === 1 ? 2 : 1;
    // The position's own markup (the group's when it opened), not the group's today.
    const entry = closingPoints(this.deps.desk.openQuote(inst), sideOf(row), row.group_markup);
    const exec = await executions.insertExecution(tx.trx, {
      cl_ord_id: clOrdIdFor(tx.userId, undefined),
      user_id: tx.userId,
      instrument_id: inst.id,
      purpose: 'close',
      order_id: Number(row.id),
      side,
      lots: lots ?? row.lots,
      leverage: row.leverage,
      tp: null,
      sl: null,
      quoted_price: entry,
      limit_price: limitPoints(inst, side, entry, row.group_markup),
      markup_points: markupOnSide(inst, side, row.group_markup),
      state: 'sent',
      idempotency_key: null,
      created_at: tx.now,
    });
    return { aBookExecution: Number(exec.id) };
  }

  /**
   * Steps 2 and 3 for a ticket: sends the order (the first time) or waits for the request
   * already sending it, and returns the position it opened or closed.
   */
  settle(ticket: ABookTicket, fresh: boolean): Promise<OrderRow> {
    const id = ticket.aBookExecution;
    const running = this.inFlight.get(id);
    if (running) return running;
    const work = fresh ? this.send(id) : this.outcomeOf(id);
    if (!fresh) return work;
    this.inFlight.set(id, work);
    return work.finally(() => this.inFlight.delete(id));
  }

  /**
   * A position the provider filled was closed here, not there (a TP, an SL, a stop-out): the
   * house still holds it at the provider, so a cover — the opposite order, all of it — is
   * queued in the same transaction as the close, and sent once it is committed
   * (docs/execution.md "Covers"). The trader's close stands at the price it was made at.
   */
  async coverIfFilledThere(tx: AccountTx, closed: OrderRow): Promise<void> {
    // The part of a partial close was filled at the provider as its position.
    const positionId = Number(closed.split_from ?? closed.id);
    const position = positionId === Number(closed.id) ? closed : await findOrder(tx.trx, positionId);
    if (!position || !(await this.routesClose(tx, position))) return;
    // A close already at the provider covers its lots, or, refused, queues their cover
    // (resolve); the rest of what closed here is covered now.
    const lots = new Dec(closed.lots).minus(await this.closingThere(tx.trx, positionId));
    if (lots.lte(0)) return;
    const inst = this.deps.desk.instrument(closed.instrument_id);
    const side = closed.side === 1 ? 2 : 1;
    const closePrice =
      closed.close_price ??
      closingPoints(this.deps.desk.openQuote(inst), sideOf(closed), closed.group_markup);
    const cover: CoverSpec = {
      user_id: tx.userId,
      instrument_id: inst.id,
      order_id: positionId,
      side,
      lots: asLots(lots.toFixed()),
      leverage: closed.leverage,
      quoted_price: rawPoints(inst, side, closePrice, closed.group_markup),
      limit_price: limitPoints(inst, side, closePrice, closed.group_markup),
    };
    await this.queueCover(tx.trx, cover, tx.now);
    this.coversQueued.add(Number(closed.id));
  }

  /** A close was committed: the cover it queued goes out now (not before: it might roll back). */
  onCommittedClose(orderId: number): void {
    if (this.coversQueued.delete(orderId)) void this.sendCovers();
  }

  /**
   * Sends the queued covers while the provider is connected, each at the price now, one
   * pass at a time (a pass asked for meanwhile runs after it). A cover the provider refuses
   * is queued again and sent at the next sweep, until one fills.
   */
  async sendCovers(): Promise<void> {
    if (!this.recovers || !this.venue?.isLive()) return;
    if (this.covering) {
      this.coverAgain = true;
      return;
    }
    this.covering = true;
    try {
      do {
        this.coverAgain = false;
        for (const exec of await executions.listQueuedCovers(this.deps.db)) {
          if (!this.venue?.isLive()) return;
          const inst = this.deps.market.instrument(exec.instrument_id);
          const quote = inst && this.deps.market.liveQuote(inst.id);
          if (!inst || !quote?.open || !this.deps.market.isQuoteFresh(inst)) continue;
          const side = exec.side === 1 ? 1 : 2;
          const entry = side === 1 ? quote.ask : quote.bid;
          const id = Number(exec.id);
          this.claiming.add(id);
          try {
            const claimed = await executions.claimCover(this.deps.db, id, {
              // The house's own order: the board's price, no group's markup.
              quoted_price: rawPoints(inst, side, entry, 0),
              limit_price: limitPoints(inst, side, entry, 0),
            });
            if (claimed) await this.settle({ aBookExecution: id }, true).catch(() => undefined);
          } finally {
            this.claiming.delete(id);
          }
        }
      } while (this.coverAgain);
    } finally {
      this.covering = false;
    }
  }

  /** Asks the provider about every execution still unresolved (a logon, the periodic sweep). */
  async sweep(): Promise<number> {
    const resolved = await this.sweepUnresolved();
    await this.sendCovers();
    return resolved;
  }

  private async sweepUnresolved(): Promise<number> {
    const venue = this.venue;
    if (!venue || !this.recovers || this.sweeping) return 0;
    this.sweeping = true;
    let resolved = 0;
    try {
      const due = (await executions.listUnresolved(this.deps.db)).filter(
        (exec) =>
          !this.inFlight.has(Number(exec.id)) &&
          !this.claiming.has(Number(exec.id)) &&
          !this.mayBeInTransit(exec),
      );
      // A few at a time: each waits up to the order timeout for the provider's answer.
      for (let i = 0; i < due.length; i += SWEEP_CONCURRENCY) {
        const answers = await Promise.all(
          due.slice(i, i + SWEEP_CONCURRENCY).map((exec) => this.askAbout(venue, exec)),
        );
        resolved += answers.filter(Boolean).length;
      }
    } finally {
      this.sweeping = false;
    }
    return resolved;
  }

  /** Asks the provider where one execution stands and resolves it; whether it was resolved. */
  private async askAbout(venue: ExecutionVenue, exec: ExecutionRow): Promise<boolean> {
    const inst = this.deps.market.instrument(exec.instrument_id);
    if (!inst) return false;
    const outcome = await venue.status(
      { clOrdId: exec.cl_ord_id, symbol: providerSymbolOf(inst), side: exec.side === 1 ? 1 : 2 },
      this.timeoutMs,
    );
    if (outcome.kind === 'unknown') return false;
    await this.resolve(exec, outcome, 'recovery').catch(() => undefined);
    return true;
  }

  // ── inside ──

  /** A trader's order sent so recently that it may not have reached the provider yet. */
  private mayBeInTransit(exec: ExecutionRow): boolean {
    if (exec.state !== 'sent' || exec.purpose === 'cover') return false;
    return this.deps.now() - Number(exec.created_at) < this.timeoutMs + IN_TRANSIT_GRACE_MS;
  }

  private available(instrumentId: number): Instrument {
    const inst = this.deps.desk.instrument(instrumentId);
    if (!this.venue?.isLive()) throw AppError.rule('errors.execution_unavailable');
    return inst;
  }

  private async send(id: number): Promise<OrderRow> {
    const exec = (await executions.findExecution(this.deps.db, id))!;
    const inst = this.deps.desk.instrument(exec.instrument_id);
    const venue = this.venue;
    const side = exec.side === 1 ? 1 : 2;
    const outcome: VenueOutcome = venue
      ? await venue.execute(
          {
            clOrdId: exec.cl_ord_id,
            symbol: providerSymbolOf(inst),
            side,
            quantity: unitsOf(inst, exec.lots),
            limitPrice: decimalPrice(inst, exec.limit_price),
            timeInForce: exec.purpose === 'open' ? 'ioc' : 'fok',
          },
          this.timeoutMs,
        )
      : { kind: 'rejected', reason: 'trading session not configured' };
    return this.resolve(exec, outcome, 'request');
  }

  /** A repeat of a request whose first is not waited on here: what became of it. */
  private async outcomeOf(id: number): Promise<OrderRow> {
    const exec = await executions.findExecution(this.deps.db, id);
    if (!exec) throw AppError.rule('errors.order_not_found');
    return this.answer(exec);
  }

  /** The trader's answer for an execution in its final state. */
  private async answer(exec: ExecutionRow): Promise<OrderRow> {
    switch (exec.state) {
      case 'booked': {
        // A partial close answers with the order of the part it closed.
        const row = await findOrder(this.deps.db, Number(exec.part_order_id ?? exec.order_id));
        if (row) return row;
        break;
      }
      case 'sent':
        throw AppError.rule('errors.execution_pending');
      case 'timed_out':
      case 'unbooked':
        throw AppError.rule('errors.execution_timeout');
    }
    throw AppError.rule(
      exec.outcome === 'no_fill' ? 'errors.execution_no_fill' : 'errors.execution_rejected',
    );
  }

  /** Step 3: the outcome onto the books, once, under the trader's account lock. */
  private async resolve(exec: ExecutionRow, outcome: VenueOutcome, by: Resolver): Promise<OrderRow> {
    const result = await this.deps.transactions.run(exec.user_id, async (tx) => {
      const current = (await executions.findExecution(tx.trx, Number(exec.id)))!;
      const from = current.state as executions.ExecutionState;
      if (from !== 'sent' && from !== 'timed_out') return current;
      const done = (change: Parameters<typeof executions.resolveExecution>[3]) =>
        executions.resolveExecution(tx.trx, Number(exec.id), from, { resolved_at: tx.now, ...change });
      switch (outcome.kind) {
        case 'unknown':
          if (by === 'request' && from === 'sent')
            await done({ state: 'timed_out', outcome: 'timed_out', reason: outcome.reason });
          break;
        case 'rejected':
          await done({ state: 'rejected', outcome: 'provider_rejected', reason: outcome.reason });
          await this.coverAgainIfNeeded(tx, current);
          break;
        case 'cancelled':
          await done({ state: 'rejected', outcome: 'no_fill', reason: outcome.reason });
          await this.coverAgainIfNeeded(tx, current);
          break;
        case 'filled':
          await this.book(tx, current, outcome, from, done);
          break;
      }
      return (await executions.findExecution(tx.trx, Number(exec.id)))!;
    });
    this.logOutcome(result, outcome, by);
    return this.answer(result);
  }

  /** A fill onto the books: the position opened or closed at the provider's price plus the markup. */
  private async book(
    tx: AccountTx,
    exec: ExecutionRow,
    fill: Extract<VenueOutcome, { kind: 'filled' }>,
    from: executions.ExecutionState,
    done: (change: Parameters<typeof executions.resolveExecution>[3]) => Promise<boolean>,
  ): Promise<void> {
    const inst = this.deps.desk.instrument(exec.instrument_id);
    const side = exec.side === 1 ? 1 : 2;
    const lpPrice = providerPoints(inst, side, fill.avgPrice);
    const record = {
      filled_lots: exactLotsOfUnits(inst, fill.quantity),
      lp_price: lpPrice,
      lp_order_id: fill.providerOrderId,
    };
    // A cover's fill, even a late one, closes the house's position at the provider.
    if (exec.purpose === 'cover') {
      if (await done({ ...record, state: 'booked' })) await this.settleCover(tx, inst, exec, lpPrice);
      return;
    }
    if (from === 'timed_out') {
      await done({
        ...record,
        state: 'unbooked',
        outcome: 'late_fill',
        reason: 'filled after the trader was told it timed out',
      });
      return;
    }
    // The markup recorded when the order was sent, even if an operator changed it since.
    const price = traderPoints(exec.markup_points, side, lpPrice);
    if (exec.purpose === 'open') {
      const lots = lotsOfUnits(inst, fill.quantity);
      if (Number(lots) < Number(inst.minLots)) {
        await done({
          ...record,
          state: 'unbooked',
          outcome: 'below_min_lots',
          reason: 'filled below the minimum lots',
        });
        return;
      }
      const order: NewOrder = {
        instrument_id: inst.id,
        side,
        lots,
        leverage: exec.leverage,
        margin_mode: inst.marginMode,
        tp: exec.tp,
        sl: exec.sl,
        trailing_points: exec.trailing_points,
      };
      const row = await this.deps.desk.openMarket(tx, order, price, {
        filledAtProvider: true,
        groupMarkup: exec.group_markup,
      });
      await done({ ...record, state: 'booked', order_id: Number(row.id) });
      return;
    }
    const position = await findOrder(tx.trx, Number(exec.order_id));
    if (!position || position.status !== OrderStatus.Holding) {
      await done({
        ...record,
        state: 'unbooked',
        outcome: 'already_closed',
        reason: 'the position was already closed here',
      });
      return;
    }
    // A partial close: fewer lots than the position holds (one close at a time is at the
    // provider, so it holds what it held when the close was sent).
    const part = new Dec(exec.lots).lt(position.lots);
    const providerProfit = await this.providerProfit(
      tx,
      inst,
      position,
      lpPrice,
      part ? exec.lots : undefined,
    );
    const options = { filledAtProvider: true, ...(providerProfit === undefined ? {} : { providerProfit }) };
    if (!part) {
      await this.deps.desk.close(tx, position, 'manual', price, undefined, options);
      await done({ ...record, state: 'booked' });
      return;
    }
    const { closed } = await this.deps.desk.closePart(tx, position, exec.lots, price, options);
    await done({ ...record, state: 'booked', part_order_id: Number(closed.id) });
  }

  /**
   * The position's P&L at the provider's prices (its booked open's fill to `lpClose`), which
   * the trader's differs from by the markups: undefined when the open has no provider price.
   */
  private async providerProfit(
    tx: AccountTx,
    inst: Instrument,
    position: OrderRow,
    lpClose: Points,
    /** Only these lots of it (a partial close, a cover of part of it). */
    lots?: Lots & string,
  ): Promise<MicroUsd | undefined> {
    const open = await executions.findPositionExecution(tx.trx, Number(position.id), 'open', 'booked');
    if (open?.lp_price == null) return undefined;
    return this.deps.desk.profitAt(inst, position, open.lp_price, lpClose, lots);
  }

  /**
   * The house's settlement of a covered position with the provider (docs/money.md
   * "Double-entry books"): the trader's close here went against `client_pnl`; the position's
   * P&L at the provider's prices — its open's fill to the cover's — moves from `client_pnl` to
   * `a_book_settlement`, so the latter holds what the provider settles, as for a close made
   * there, and `client_pnl` keeps only what the house made or lost between the two prices.
   */
  private async settleCover(
    tx: AccountTx,
    inst: Instrument,
    cover: ExecutionRow,
    lpClose: Points,
  ): Promise<void> {
    const position = await findOrder(tx.trx, Number(cover.order_id));
    if (!position) return;
    // The cover's own lots: all the position's, or what a close at the provider left over.
    const atProvider = await this.providerProfit(tx, inst, position, lpClose, cover.lots);
    if (atProvider === undefined || atProvider === 0) return;
    await post(tx.trx, {
      userId: tx.userId,
      kind: 'house_settlement',
      amount: microUsd(0),
      ref: { type: 'order', id: Number(position.id) },
      contra: 'client_pnl',
      split: { account: 'a_book_settlement', amount: microUsd(0 - atProvider) },
      now: tx.now,
    });
  }

  /** The lots of the position's closes at the provider whose outcome is not known yet. */
  private async closingThere(trx: Db, orderId: number): Promise<Dec> {
    const lots = await executions.unresolvedCloseLots(trx, orderId);
    return lots.reduce((sum, l) => sum.plus(l), new Dec(0));
  }

  /**
   * Nothing filled: a cover is tried again; so is a trader's close the engine overtook here
   * (its position closed meanwhile), which was to be the cover.
   */
  private async coverAgainIfNeeded(tx: AccountTx, refused: ExecutionRow): Promise<void> {
    if (refused.purpose === 'open') return;
    if (refused.purpose === 'close') {
      const position = await findOrder(tx.trx, Number(refused.order_id));
      if (position?.status !== OrderStatus.Closed) return;
    }
    await this.queueCover(tx.trx, coverOf(refused), tx.now);
  }

  /** A cover, queued to send (a new row, with its own ClOrdID, for each attempt). */
  private async queueCover(trx: Db, cover: CoverSpec, now: number): Promise<void> {
    await executions.insertExecution(trx, {
      ...cover,
      cl_ord_id: clOrdIdFor(cover.user_id, undefined),
      purpose: 'cover',
      tp: null,
      sl: null,
      markup_points: 0,
      state: 'queued',
      idempotency_key: null,
      created_at: now,
    });
  }

  /** A final report nobody waits for: resolved once, like the sweep's. */
  private async unsolicited(clOrdId: string, outcome: VenueOutcome): Promise<void> {
    const exec = await executions.findByClOrdId(this.deps.db, clOrdId);
    // A final report, whoever waits for it: booking it here is as good (resolve is once-only).
    if (!exec || this.inFlight.has(Number(exec.id))) return;
    await this.resolve(exec, outcome, 'recovery').catch(() => undefined);
  }

  private logOutcome(exec: ExecutionRow, outcome: VenueOutcome, by: Resolver): void {
    this.deps.log.info(
      {
        execution: Number(exec.id),
        clOrdId: exec.cl_ord_id,
        purpose: exec.purpose,
        state: exec.state,
        outcome: outcome.kind,
        ...(outcome.kind === 'filled' ? { quantity: outcome.quantity, price: outcome.avgPrice } : {}),
        ...(outcome.kind !== 'filled' ? { reason: outcome.reason } : {}),
        by,
      },
      'A-book execution resolved',
    );
  }
}

/**
 * The ClOrdID of a request: derived from the trader and the idempotency key, so the same
 * request is the same order to the provider however often it is sent; random without a key.
 */
/** What a cover order is: the position's opposite side, all of it, at a price to start from. */
type CoverSpec = Pick<
  ExecutionRow,
  'user_id' | 'instrument_id' | 'order_id' | 'side' | 'lots' | 'leverage' | 'quoted_price' | 'limit_price'
>;

/** The same cover again, for another attempt. */
function coverOf(exec: ExecutionRow): CoverSpec {
  const { user_id, instrument_id, order_id, side, lots, leverage, quoted_price, limit_price } = exec;
  return { user_id, instrument_id, order_id, side, lots, leverage, quoted_price, limit_price };
}

function clOrdIdFor(userId: number, idempotencyKey: string | undefined): string {
  if (idempotencyKey === undefined) return `PWR${randomBytes(12).toString('hex')}`;
  return `PWK${createHash('sha256').update(`${userId}:${idempotencyKey}`).digest('hex').slice(0, 32)}`;
}
