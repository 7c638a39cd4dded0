import {
  fromMicros,
  isStopOutDue,
  type Dec,
  OrderStatus,
  type CloseReason,
  type Lots,
  type OrderEvent,
  type PendingKind,
  microUsd,
  widenedPoints,
  splitCharges,
  splitLots,
  type MicroUsd,
  type Points,
} from '@pipwise/shared';
import type { Insertable } from 'kysely';
import type { OrderTable } from '../../core/db/database.js';
import { AppError } from '../../core/app-error.js';
import {
  commissionOf,
  type AccountLevels,
  type GroupTermsReader,
  type OrderTerms,
} from './groups/order-terms.js';
import type { Instrument } from '../market/index.js';
import type { MarketService } from '../market/index.js';
import type { AccountTx } from '../../core/money/account-transactions.js';
import { figuresOf, type Figures } from './account-figures.js';
import { positionOf, positionsOf } from './live-mapping.js';
import { trailedStop } from './order-rules.js';
import { carryChargedNights } from './financing/swap.repository.js';
import * as orders from './order.repository.js';
import type { OrderRow } from './order.repository.js';
import type { Valuation } from './valuation.js';

/** An order to open or place, as the order rules have validated it. */
export type NewOrder = Pick<
  Insertable<OrderTable>,
  'instrument_id' | 'side' | 'lots' | 'leverage' | 'margin_mode' | 'tp' | 'sl' | 'trailing_points'
>;

/** A quote in points. */
export interface Quote {
  bid: Points;
  ask: Points;
}

/** What fired in the engine's books: a TP, an SL, a pending price, or a trailing stop's next step. */
export interface Trigger {
  kind: 'tp' | 'sl' | 'pending' | 'trail';
  orderId: number;
}

export interface TradeDeskDeps {
  valuation: Valuation;
  market: MarketService;
  /** The account's trading group's terms (docs/trading-groups.md). */
  groups: GroupTermsReader;
}

/**
 * Every change of an order and the money it moves, inside one account transaction
 * (AccountTransactions: the user's lock, one database transaction, events after commit).
 * Decisions read the database — the account row locked at the start, the open positions —
 * and the current quotes; never the engine's memory (docs/money.md "One authority").
 */
export class TradeDesk {
  private coverInHouseClose: ((tx: AccountTx, closed: OrderRow) => Promise<void>) | undefined;

  constructor(private readonly deps: TradeDeskDeps) {}

  instrument(id: number): Instrument {
    const inst = this.deps.market.instrument(id);
    if (!inst) throw AppError.rule('errors.instrument_not_found');
    return inst;
  }

  /**
   * The live quote of an open market, or the "market closed" error; a quote older than the
   * instrument's limit prices nothing (docs/market-data.md "Fresh prices").
   */
  openQuote(inst: Instrument): Quote {
    const q = this.deps.market.liveQuote(inst.id);
    if (!q?.open) throw AppError.rule('errors.market_closed');
    if (!this.deps.market.isQuoteFresh(inst)) throw AppError.rule('errors.prices_not_live');
    return { bid: q.bid, ask: q.ask };
  }

  /** Whether the instrument's market is open and its quote fresh enough to close at. */
  private canPriceNow(instrumentId: number): boolean {
    const inst = this.deps.market.instrument(instrumentId);
    return !!inst && !!this.deps.market.liveQuote(instrumentId)?.open && this.deps.market.isQuoteFresh(inst);
  }

  /** The account's figures from the database, as of this transaction. */
  async figures(tx: AccountTx): Promise<Figures> {
    return this.figuresOf(tx, await orders.listOpenPositionFields(tx.trx, tx.userId));
  }

  /** The open position rows and the figures they make, as of this transaction. */
  private async openPositions(tx: AccountTx): Promise<{ rows: OrderRow[]; figures: Figures }> {
    const rows = await orders.listOpenPositions(tx.trx, tx.userId);
    return { rows, figures: this.figuresOf(tx, rows) };
  }

  private figuresOf(tx: AccountTx, rows: readonly orders.PositionFields[]): Figures {
    return figuresOf(
      { balance: tx.account.balance, lock: tx.account.lock, ...positionsOf(rows) },
      this.deps.valuation,
      this.deps.market,
    );
  }

  /** The account's terms on the instrument (its trading group's, docs/trading-groups.md). */
  termsOf(tx: AccountTx, inst: Instrument): Promise<OrderTerms> {
    return this.deps.groups.onInstrument(tx.trx, tx.groupId, inst);
  }

  /**
   * Margin, fee and the open's commission of an order at `price` (points), on the account's
   * terms; throws when free margin cannot cover them.
   */
  async affordable(
    tx: AccountTx,
    inst: Instrument,
    order: { lots: Lots; leverage: number },
    price: Points,
    terms?: OrderTerms,
  ): Promise<Costs> {
    const costs = this.costs(inst, order, price, terms ?? (await this.termsOf(tx, inst)));
    const { freeMargin } = await this.figures(tx);
    if (freeMargin.lt(fromMicros(microUsd(costs.margin + costs.fee + costs.commission))))
      throw AppError.rule('errors.insufficient_margin');
    return costs;
  }

  /** Margin, fee and the open's commission of an order at `price` (points), on `terms`. */
  private costs(
    inst: Instrument,
    order: { lots: Lots; leverage: number },
    price: Points,
    terms: OrderTerms,
  ): Costs {
    const margin = this.deps.valuation.margin(inst, order.lots, order.leverage, price);
    return {
      margin,
      fee: this.deps.valuation.fee(order.lots, margin, terms.tradeFeeType, terms.feeRate),
      commission: this.deps.valuation.commission(inst, order.lots, terms.commission, price),
      terms,
    };
  }

  /**
   * A market order: opened at `fillPrice` with its fee charged, if the account affords it.
   * A fill the provider already made (`filledAtProvider`, A-book) is booked whatever the
   * margin: the trade exists, and the risk monitor handles an account it overstretches.
   */
  async openMarket(
    tx: AccountTx,
    order: NewOrder,
    fillPrice: Points,
    options: {
      filledAtProvider?: boolean;
      terms?: OrderTerms;
      /** The group markup `fillPrice` includes, when not the terms' (an A-book fill: the one sent). */
      groupMarkup?: number;
    } = {},
  ): Promise<OrderRow> {
    const inst = this.instrument(order.instrument_id);
    const terms = options.terms ?? (await this.termsOf(tx, inst));
    const groupMarkup = options.groupMarkup ?? terms.markup;
    const costs = options.filledAtProvider
      ? this.costs(inst, order, fillPrice, terms)
      : await this.affordable(tx, inst, order, fillPrice, terms);
    const row = await orders.insertOrder(tx.trx, {
      ...order,
      user_id: tx.userId,
      status: OrderStatus.Holding,
      open_price: fillPrice,
      ...openingColumns(costs),
      group_markup: groupMarkup,
      spread_open: this.deps.valuation.spreadCost(inst, order.lots, groupMarkup),
      created_at: tx.now,
      opened_at: tx.now,
    });
    await this.chargeOpening(tx, row);
    this.publish(tx, 'opened', row);
    return row;
  }

  /**
   * A pending order at `target` (points); affordability is checked now and again at the fill.
   * It keeps the group's markup of now: its target was chosen against that price, and the
   * engine's books watch it there (docs/trading-groups.md "Markup").
   */
  async placePending(
    tx: AccountTx,
    order: NewOrder,
    target: Points,
    kind: PendingKind,
    terms?: OrderTerms,
  ): Promise<OrderRow> {
    const inst = this.instrument(order.instrument_id);
    const known = terms ?? (await this.termsOf(tx, inst));
    await this.affordable(tx, inst, order, target, known);
    const row = await orders.insertOrder(tx.trx, {
      ...order,
      user_id: tx.userId,
      status: OrderStatus.Pending,
      target_price: target,
      pending_kind: kind,
      group_markup: known.markup,
      created_at: tx.now,
    });
    this.publish(tx, 'placed', row);
    return row;
  }

  /**
   * A pending order reached its price: it opens at `fillPrice` with its fee and commission on
   * the account's terms now (docs/trading-groups.md), or — when the account can no longer
   * afford it — is cancelled with the reason `no_margin`.
   */
  async fillPending(
    tx: AccountTx,
    row: OrderRow,
    fillPrice: Points,
    /** The price it would close at now (the other side of the quote). */
    closing: Points,
  ): Promise<OrderRow | null> {
    const inst = this.instrument(row.instrument_id);
    let cost: Costs;
    try {
      cost = await this.affordable(tx, inst, row, fillPrice);
    } catch (err) {
      if (err instanceof AppError && err.key === 'errors.insufficient_margin')
        return this.cancel(tx, row, 'no_margin');
      throw err;
    }
    const filled = await orders.transitionOrder(tx.trx, Number(row.id), OrderStatus.Pending, {
      status: OrderStatus.Holding,
      open_price: fillPrice,
      // A trailing stop starts from the price it would close at now.
      ...(row.trailing_points
        ? { sl: trailedStop(orders.sideOf(row), closing, row.trailing_points, row.sl) }
        : {}),
      ...openingColumns(cost),
      spread_open: this.deps.valuation.spreadCost(inst, row.lots, row.group_markup),
      opened_at: tx.now,
    });
    if (!filled) return null;
    await this.chargeOpening(tx, filled);
    this.publish(tx, 'filled', filled);
    return filled;
  }

  /**
   * Who covers at the provider a position closed here that the provider filled (the A-book
   * desk, docs/execution.md "Covers"): called in the close's transaction.
   */
  onInHouseClose(cover: (tx: AccountTx, closed: OrderRow) => Promise<void>): void {
    this.coverInHouseClose = cover;
  }

  /**
   * What the position — or `lots` of it — would make from `openPrice` to `closePrice`
   * (points), micro-USD now.
   */
  profitAt(
    inst: Instrument,
    row: OrderRow,
    openPrice: Points,
    closePrice: Points,
    lots?: Lots & string,
  ): MicroUsd {
    return this.deps.valuation.profit(
      inst,
      { ...positionOf(row), openPrice, ...(lots === undefined ? {} : { lots }) },
      closePrice,
    );
  }

  /**
   * Closes a position at `closePrice` (points) and books its gross profit. When that leaves
   * no position open, a balance below zero is written off (negative balance protection).
   */
  async close(
    tx: AccountTx,
    row: OrderRow,
    reason: CloseReason,
    closePrice: Points,
    /** Why it closed at this price (e.g. the first price after an engine takeover). */
    note?: string,
    /** Closed at the provider (A-book): `CloseOptions`. */
    options: CloseOptions & {
      /**
       * Leave negative balance protection to the caller, which closes more in the same
       * transaction and checks once at the end (a close-all).
       */
      deferShortfall?: boolean;
    } = {},
  ): Promise<OrderRow> {
    const inst = this.instrument(row.instrument_id);
    const profit = this.deps.valuation.profit(inst, positionOf(row), closePrice);
    const commission = this.closingCommission(inst, row, row.lots, closePrice);
    const closed = await orders.transitionOrder(tx.trx, Number(row.id), OrderStatus.Holding, {
      status: OrderStatus.Closed,
      close_price: closePrice,
      profit,
      commission: microUsd(row.commission + commission),
      close_reason: reason,
      close_note: note ?? null,
      spread_close: this.deps.valuation.spreadCost(inst, row.lots, row.group_markup),
      closed_at: tx.now,
    });
    if (!closed) throw AppError.rule('errors.order_not_holding');
    const ref = { type: 'order', id: Number(row.id) } as const;
    await this.bookClose(tx, ref, profit, commission, options);
    if (!options.filledAtProvider) await this.coverInHouseClose?.(tx, closed);
    if (!options.deferShortfall && !(await orders.hasOpenPosition(tx.trx, tx.userId)))
      await tx.writeOffShortfall(ref);
    this.publish(tx, 'closed', closed, reason);
    return closed;
  }

  /**
   * Closes `lots` of a position at `closePrice` (points), fewer than it holds (docs/money.md
   * "Partial close and close all"): the part closed becomes an order of its own, closed, with
   * its share of what the position was charged and carries (`splitCharges`: margin, fee, the
   * open's commission, the spread paid at the open, the financing so far — floored for the
   * part, the rest stays, so both sum exactly to what the position held), its gross profit,
   * the close's commission on its lots and the spread paid closing them; its ledger rows name
   * it. The position keeps its id, its TP/SL and trailing stop, with the rest of the lots.
   * Something stays open, so negative balance protection has nothing to do here.
   */
  async closePart(
    tx: AccountTx,
    row: OrderRow,
    lots: Lots & string,
    closePrice: Points,
    options: CloseOptions = {},
  ): Promise<{ closed: OrderRow; rest: OrderRow }> {
    const inst = this.instrument(row.instrument_id);
    const volume = splitLots({ lots: row.lots, part: lots });
    const held = splitCharges(
      {
        margin: row.margin,
        fee: row.fee,
        commission: row.commission,
        spread_open: row.spread_open,
        swap: row.swap,
      },
      { lots: row.lots, part: volume.part },
    );
    const profit = this.deps.valuation.profit(inst, { ...positionOf(row), lots: volume.part }, closePrice);
    const commission = this.closingCommission(inst, row, volume.part, closePrice);
    const rest = await orders.reducePosition(tx.trx, Number(row.id), row.lots, {
      lots: volume.rest,
      ...held.rest,
    });
    if (!rest) throw AppError.rule('errors.order_not_holding');
    const closed = await orders.insertOrder(tx.trx, {
      user_id: row.user_id,
      instrument_id: row.instrument_id,
      side: row.side,
      status: OrderStatus.Closed,
      lots: volume.part,
      leverage: row.leverage,
      margin_mode: row.margin_mode,
      target_price: row.target_price,
      pending_kind: row.pending_kind,
      open_price: row.open_price,
      close_price: closePrice,
      tp: row.tp,
      sl: row.sl,
      trailing_points: row.trailing_points,
      ...held.part,
      commission: microUsd(held.part.commission + commission),
      profit,
      spread_close: this.deps.valuation.spreadCost(inst, volume.part, row.group_markup),
      group_id: row.group_id,
      commission_type: row.commission_type,
      commission_rate: row.commission_rate,
      commission_min: row.commission_min,
      swap_free: row.swap_free,
      group_markup: row.group_markup,
      close_reason: 'partial',
      close_note: null,
      split_from: Number(row.id),
      created_at: row.created_at,
      opened_at: row.opened_at,
      closed_at: tx.now,
    });
    // The nights the position was already charged are the part's too (its share of `swap`).
    await carryChargedNights(tx.trx, Number(row.id), Number(closed.id));
    await this.bookClose(tx, { type: 'order', id: Number(closed.id) }, profit, commission, options);
    if (!options.filledAtProvider) await this.coverInHouseClose?.(tx, closed);
    this.publish(tx, 'reduced', rest);
    this.publish(tx, 'closed', closed, 'partial');
    return { closed, rest };
  }

  /** The close's side of the commission on `lots`, on the terms the position opened with. */
  private closingCommission(inst: Instrument, row: OrderRow, lots: Lots, closePrice: Points): MicroUsd {
    const terms = commissionOf(row);
    return terms ? this.deps.valuation.commission(inst, lots, terms, closePrice) : microUsd(0);
  }

  /**
   * A close's ledger rows: its gross profit — against the provider's settlement when it was
   * closed there, the markups to spread revenue (docs/money.md "Double-entry books") — and
   * the close's commission.
   */
  private async bookClose(
    tx: AccountTx,
    ref: { type: 'order'; id: number },
    profit: MicroUsd,
    commission: MicroUsd,
    options: CloseOptions,
  ): Promise<void> {
    const spreadRevenue = options.providerProfit === undefined ? 0 : options.providerProfit - profit;
    if (profit !== 0 || spreadRevenue !== 0)
      await tx.post({
        kind: 'trade_profit',
        amount: profit,
        ref,
        ...(options.filledAtProvider ? { contra: 'a_book_settlement' } : {}),
        ...(spreadRevenue !== 0
          ? { split: { account: 'spread_revenue', amount: microUsd(spreadRevenue) } }
          : {}),
      });
    if (commission > 0) await tx.post({ kind: 'commission', amount: commission, ref });
  }

  /** Ends a pending order without filling it. */
  async cancel(tx: AccountTx, row: OrderRow, reason: CloseReason): Promise<OrderRow> {
    const cancelled = await orders.transitionOrder(tx.trx, Number(row.id), OrderStatus.Pending, {
      status: OrderStatus.Cancelled,
      close_reason: reason,
      closed_at: tx.now,
    });
    if (!cancelled) throw AppError.rule('errors.order_not_pending');
    this.publish(tx, 'cancelled', cancelled, reason);
    return cancelled;
  }

  /** Sets or clears TP/SL of a position or a pending order still in the state it was read in. */
  async setStops(
    tx: AccountTx,
    row: OrderRow,
    stops: { tp: Points | null; sl: Points | null; trailing: number | null },
  ): Promise<OrderRow> {
    const updated = await orders.setStops(tx.trx, Number(row.id), row.status, stops);
    if (!updated)
      throw AppError.rule(
        row.status === OrderStatus.Pending ? 'errors.order_not_pending' : 'errors.order_not_holding',
      );
    this.publish(tx, 'stops', updated);
    return updated;
  }

  /**
   * Moves a pending order still pending to `target` (points), triggering as `kind`. It holds
   * no money until it fills (docs/money.md "Orders and positions"), so nothing is booked; the
   * account must afford it at the new price as it had to when placed. The event lays the
   * engine's book entry again at the new price, on whichever instance runs the engine.
   */
  async movePending(tx: AccountTx, row: OrderRow, target: Points, kind: PendingKind): Promise<OrderRow> {
    await this.affordable(tx, this.instrument(row.instrument_id), row, target);
    const moved = await orders.setPendingPrice(tx.trx, Number(row.id), { target, kind });
    if (!moved) throw AppError.rule('errors.order_not_pending');
    this.publish(tx, 'repriced', moved);
    return moved;
  }

  /**
   * Stop-out (docs/money.md): while the margin level, as the trader is shown it, is at or
   * below the stop-out level, the open position with the largest loss closes at the current
   * quote. Positions whose market is closed, or whose quote is too old to price from,
   * cannot be closed and are passed over. Returns what it did (null: nothing was due) —
   * the trader's receipt, made from the rows and ledger posts of this transaction.
   */
  async stopOutIfDue(tx: AccountTx): Promise<StopOutReceipt | null> {
    const { stopOutLevel } = await this.levels(tx);
    const closed: OrderRow[] = [];
    let levelBefore: Dec | null = null;
    for (;;) {
      const { rows, figures } = await this.openPositions(tx);
      if (closed.length === 0) levelBefore = figures.marginLevel;
      const due = isStopOutDue({ marginLevel: figures.marginLevel, stopOutLevel });
      let worst: { row: OrderRow; profit: number; price: Points } | undefined;
      for (const row of due ? rows : []) {
        const value = figures.values.get(Number(row.id));
        if (!value || !this.canPriceNow(row.instrument_id)) continue;
        if (!worst || value.profit < worst.profit) worst = { row, profit: value.profit, price: value.price };
      }
      if (!worst) {
        if (closed.length === 0) return null;
        return {
          stopOutLevel,
          levelBefore,
          levelAfter: figures.marginLevel,
          closed,
          writtenOff: tx.writtenOff,
        };
      }
      closed.push(await this.close(tx, worst.row, 'stop_out', worst.price));
    }
  }

  /**
   * A trigger of the engine's books fired at `market`. The order is read again under the
   * lock: if it is still live and its level is still reached (a TP/SL may have been edited
   * meanwhile), it closes or fills at that quote. Returns the changed order, or null.
   */
  async onTrigger(tx: AccountTx, trigger: Trigger, market: Quote, note?: string): Promise<OrderRow | null> {
    const row = await orders.findOrder(tx.trx, trigger.orderId);
    if (!row || Number(row.user_id) !== tx.userId) return null;
    // The order's own price: the quote widened by the group markup it carries.
    const quote = widenedPoints(market, row.group_markup);
    const buy = row.side === 1;
    if (trigger.kind === 'pending') {
      if (row.status !== OrderStatus.Pending || !pendingReached(row, quote)) return null;
      return this.fillPending(tx, row, buy ? quote.ask : quote.bid, buy ? quote.bid : quote.ask);
    }
    if (row.status !== OrderStatus.Holding) return null;
    const price = buy ? quote.bid : quote.ask;
    if (trigger.kind === 'trail') return this.trail(tx, row, price);
    const level = trigger.kind === 'tp' ? row.tp : row.sl;
    if (level === null || !stopReached(trigger.kind, buy, level, price)) return null;
    // A stop-loss a trailing stop set says so in the history.
    const reason = trigger.kind === 'sl' && row.trailing_points ? 'trailing' : trigger.kind;
    return this.close(tx, row, reason, price, note);
  }

  /**
   * A trailing stop's next step (docs/notifications.md "Trailing stops"): the stop-loss moves
   * to the distance behind the closing price `price`, only ever in the position's favour,
   * written under the lock (a restart or takeover reads the level reached) and published.
   */
  private async trail(tx: AccountTx, row: OrderRow, price: Points): Promise<OrderRow | null> {
    if (!row.trailing_points || row.sl === null) return null;
    const sl = trailedStop(orders.sideOf(row), price, row.trailing_points, row.sl);
    if (sl === row.sl) return null;
    return this.setStops(tx, row, { tp: row.tp, sl, trailing: row.trailing_points });
  }

  /** The account's margin-call and stop-out levels: its group's, or the broker's settings. */
  async levels(tx: AccountTx): Promise<AccountLevels> {
    return this.deps.groups.levels(tx.trx, tx.groupId);
  }

  /** The fee and the open's commission (checked against free margin in this transaction). */
  private async chargeOpening(tx: AccountTx, row: OrderRow): Promise<void> {
    const ref = { type: 'order', id: Number(row.id) } as const;
    if (row.fee !== 0) await tx.post({ kind: 'trade_fee', amount: row.fee, ref });
    if (row.commission !== 0) await tx.post({ kind: 'commission', amount: row.commission, ref });
  }

  private publish(tx: AccountTx, event: OrderEvent, order: OrderRow, reason?: CloseReason): void {
    tx.publish({
      type: 'order',
      event,
      userId: tx.userId,
      order,
      ...(reason ? { reason } : {}),
      account: { ...tx.account, groupId: tx.groupId },
    });
  }
}

/**
 * A close made at the provider (A-book): its P&L is settled with the provider, not the
 * house's B-book; `providerProfit` is the position's P&L at the provider's own prices, and
 * what the trader's differs by is the markup, the house's spread revenue (docs/money.md).
 */
export interface CloseOptions {
  filledAtProvider?: boolean;
  providerProfit?: MicroUsd;
}

/** What a stop-out did, for the trader's receipt (docs/notifications.md). */
export interface StopOutReceipt {
  stopOutLevel: number;
  /** The margin level when it began, and once it ended (null: nothing left open). */
  levelBefore: Dec | null;
  levelAfter: Dec | null;
  /** The positions closed, in the order they were closed, as their rows now stand. */
  closed: OrderRow[];
  /** What negative balance protection wrote off, micro-USD. */
  writtenOff: MicroUsd;
}

/** What opening an order costs, and the terms it was priced on. */
interface Costs {
  margin: MicroUsd;
  fee: MicroUsd;
  /** The open's side. */
  commission: MicroUsd;
  terms: OrderTerms;
}

/** The columns an opening writes: its costs, and the terms the position keeps. */
function openingColumns(costs: Costs) {
  const { terms } = costs;
  return {
    margin: costs.margin,
    fee: costs.fee,
    commission: costs.commission,
    group_id: terms.groupId,
    commission_type: terms.commission.type,
    commission_rate: terms.commission.rate,
    commission_min: terms.commission.min,
    swap_free: terms.swapFree ? 1 : 0,
  };
}

/** Whether a TP (price at or beyond it in the trader's favour) or an SL (against) is reached. */
export function stopReached(kind: 'tp' | 'sl', buy: boolean, level: Points, closePrice: Points): boolean {
  const up = (kind === 'tp') === buy;
  return up ? closePrice >= level : closePrice <= level;
}

/** Whether a pending order's target is reached: buys watch the ask, sells the bid. */
export function pendingReached(row: Pick<OrderRow, 'pending_kind' | 'target_price'>, quote: Quote): boolean {
  const target = row.target_price;
  if (target === null) return false;
  switch (row.pending_kind) {
    case 'buy_limit':
      return quote.ask <= target;
    case 'buy_stop':
      return quote.ask >= target;
    case 'sell_limit':
      return quote.bid >= target;
    case 'sell_stop':
      return quote.bid <= target;
    case null:
    default:
      return false;
  }
}
