import { closingPoints, OrderStatus, widenedPoints } from '@pipwise/shared';
import { AppError } from '../../core/app-error.js';
import { once, type IdempotencyRequest } from '../idempotency/index.js';
import type { AccountTransactions, AccountTx } from '../../core/money/account-transactions.js';
import {
  checkCloseLots,
  checkStops,
  checkTrailing,
  judgePendingPrice,
  optionalPoints,
  trailedStop,
} from './order-rules.js';
import { closeAllIn, keptReason, type KeptOpen } from './close-all.js';
import { findOrder, sideOf, type OrderRow } from './order.repository.js';
import { parseSubmit, type SubmitInput } from './submit-parser.js';
import type { TradeDesk } from './trade-desk.js';
import { isABookTicket, type ABookDesk, type ABookTicket } from './a-book/a-book-desk.js';

/**
 * What a trader asks of their orders: submit, close, cancel, set TP/SL. Each command runs
 * as one account transaction (the user's lock across processes, decisions from the
 * database), checks ownership, and validates against the live quote.
 */
export class OrderService {
  constructor(
    private readonly transactions: AccountTransactions,
    private readonly desk: TradeDesk,
    private readonly aBook: ABookDesk,
  ) {}

  /**
   * Opens at market or places a pending order; a repeated idempotency key returns the first.
   * A market order routed to the provider (A-book) opens at its fill, after this transaction;
   * a demo account's never is (demo money never reaches a real market).
   */
  async submit(
    userId: number,
    input: SubmitInput,
    idempotencyKey?: string,
    trader: { demo?: boolean } = {},
  ): Promise<OrderRow> {
    const request: IdempotencyRequest | undefined = idempotencyKey
      ? { scope: 'order_submit', key: idempotencyKey, body: input }
      : undefined;
    let fresh = false;
    const placed = await this.transactions.run(userId, (tx) =>
      once(tx, request, () => {
        fresh = true;
        return this.place(tx, input, idempotencyKey, trader.demo === true);
      }),
    );
    return isABookTicket(placed) ? this.aBook.settle(placed, fresh) : placed;
  }

  /**
   * Closes a position at market: all of it, or `lots` of it (docs/money.md "Partial close and
   * close all": the part becomes an order of its own, which is what this returns; the
   * position keeps the rest). A position the provider filled is closed there, a part of it
   * too. A repeated idempotency key answers the first close.
   */
  async close(
    userId: number,
    orderId: number,
    options: { lots?: string | undefined; idempotencyKey?: string | undefined } = {},
  ): Promise<OrderRow> {
    const { lots, idempotencyKey } = options;
    const request: IdempotencyRequest | undefined = idempotencyKey
      ? { scope: 'order_close', key: idempotencyKey, body: { id: orderId, lots: lots ?? null } }
      : undefined;
    let fresh = false;
    const closed = await this.transactions.run(userId, (tx) =>
      once(tx, request, async (): Promise<OrderRow | ABookTicket> => {
        fresh = true;
        const row = await this.owned(tx, orderId);
        if (row.status !== OrderStatus.Holding) throw AppError.rule('errors.order_not_holding');
        const inst = this.desk.instrument(row.instrument_id);
        const part = lots === undefined ? undefined : checkCloseLots(inst, row.lots, lots);
        if (await this.aBook.routesClose(tx, row)) return this.aBook.prepareClose(tx, row, part);
        const price = closingPoints(this.desk.openQuote(inst), sideOf(row), row.group_markup);
        if (part === undefined) return this.desk.close(tx, row, 'manual', price);
        return (await this.desk.closePart(tx, row, part, price)).closed;
      }),
    );
    return isABookTicket(closed) ? this.aBook.settle(closed, fresh) : closed;
  }

  /**
   * Closes every open position of the trader, or of one instrument (`closeAllIn`): those
   * booked here in one account transaction, those the provider filled sent back there as
   * their own closes and waited for. A position that cannot be closed now stays open and is
   * reported with why. A repeated idempotency key answers the first.
   */
  async closeAll(
    userId: number,
    instrumentId: number | undefined,
    idempotencyKey?: string,
  ): Promise<{ closed: OrderRow[]; kept: KeptOpen[] }> {
    const request: IdempotencyRequest | undefined = idempotencyKey
      ? { scope: 'order_close_all', key: idempotencyKey, body: { forex_id: instrumentId ?? null } }
      : undefined;
    let fresh = false;
    const plan = await this.transactions.run(userId, (tx) =>
      once(tx, request, () => {
        fresh = true;
        return closeAllIn(tx, this.desk, this.aBook, instrumentId);
      }),
    );
    const closed = [...plan.closed];
    const kept = [...plan.kept];
    const settled = await Promise.allSettled(
      plan.atProvider.map(({ ticket }) => this.aBook.settle(ticket, fresh)),
    );
    settled.forEach((outcome, i) => {
      const { row } = plan.atProvider[i]!;
      if (outcome.status === 'fulfilled') closed.push(outcome.value);
      // Not filled, or not known yet: it stays open (as far as this answer can tell).
      else kept.push({ row, reason: keptReason(outcome.reason) ?? 'execution_pending' });
    });
    return { closed, kept };
  }

  cancel(userId: number, orderId: number): Promise<OrderRow> {
    return this.transactions.run(userId, async (tx) => {
      const row = await this.owned(tx, orderId);
      if (row.status !== OrderStatus.Pending) throw AppError.rule('errors.order_not_pending');
      return this.desk.cancel(tx, row, 'cancelled');
    });
  }

  /**
   * Sets or clears (absent or 0) TP, SL and the trailing stop's distance of a holding
   * position or a pending order. A position's trailing stop starts at once from its closing
   * price (or the SL given, when tighter); a pending order's at its fill.
   */
  setStops(
    userId: number,
    orderId: number,
    input: { tp?: string | undefined; sl?: string | undefined; trailing?: number | undefined },
  ): Promise<OrderRow> {
    return this.transactions.run(userId, async (tx) => {
      const row = await this.owned(tx, orderId);
      const inst = this.desk.instrument(row.instrument_id);
      const tp = optionalPoints(inst, input.tp, 'target_profit_price');
      let sl = optionalPoints(inst, input.sl, 'stop_loss_price');
      const side = sideOf(row);
      let trailing: number | null = null;
      if (row.status === OrderStatus.Holding) {
        const closing = closingPoints(this.desk.openQuote(inst), side, row.group_markup);
        checkStops(inst, side, closing, tp, sl);
        if (input.trailing !== undefined) {
          trailing = checkTrailing(inst, input.trailing, closing);
          sl = trailedStop(side, closing, trailing, sl);
        }
      } else if (row.status === OrderStatus.Pending && row.target_price !== null) {
        checkStops(inst, side, row.target_price, tp, sl);
        if (input.trailing !== undefined) trailing = checkTrailing(inst, input.trailing, row.target_price);
      } else {
        throw AppError.rule('errors.order_not_holding');
      }
      return this.desk.setStops(tx, row, { tp, sl, trailing });
    });
  }

  /**
   * Moves a pending order to `targetPrice` (docs/api.md "Trading"), judged as a submit judges
   * a pending order's price: the pair's decimals, TP/SL on the right side of it, the trailing
   * distance within half of it, limit or stop again against the quote now (at the markup the
   * order carries), free margin at the new price. A suspended account cannot move one (it
   * would open a position later); it can still cancel it. Setting a price is the same
   * whatever the number of times, so no idempotency key is needed (as for set_stop_price).
   */
  setPendingPrice(userId: number, orderId: number, targetPrice: string): Promise<OrderRow> {
    return this.transactions.run(userId, async (tx) => {
      const row = await this.owned(tx, orderId);
      if (row.status !== OrderStatus.Pending) throw AppError.rule('errors.order_not_pending');
      if (tx.tradingFrozen) throw AppError.rule('errors.trading_frozen');
      const inst = this.desk.instrument(row.instrument_id);
      const quote = widenedPoints(this.desk.openQuote(inst), row.group_markup);
      const stops = { tp: row.tp, sl: row.sl, trailing: row.trailing_points };
      const { target, kind } = judgePendingPrice(inst, sideOf(row), targetPrice, quote, stops);
      return this.desk.movePending(tx, row, target, kind);
    });
  }

  private async place(
    tx: AccountTx,
    input: SubmitInput,
    idempotencyKey: string | undefined,
    demo: boolean,
  ): Promise<OrderRow | ABookTicket> {
    // An operator suspended this account's trading (closing positions stays possible); the
    // flag was read with the account row, one statement fewer per order.
    if (tx.tradingFrozen) throw AppError.rule('errors.trading_frozen');
    const terms = await this.desk.termsOf(tx, this.desk.instrument(input.forex_id));
    const parsed = parseSubmit(this.desk, input, terms);
    if (parsed.pending) return this.desk.placePending(tx, parsed.order, parsed.entry, parsed.pending, terms);
    if (!demo && this.aBook.routes(tx, parsed.inst))
      return this.aBook.prepareOpen(tx, parsed.order, parsed.entry, terms.markup, idempotencyKey);
    return this.desk.openMarket(tx, parsed.order, parsed.entry, { terms });
  }

  /** The order if it exists and is the caller's; otherwise "not found" (never "not yours"). */
  private async owned(tx: AccountTx, orderId: number): Promise<OrderRow> {
    const row = await findOrder(tx.trx, orderId);
    if (!row || Number(row.user_id) !== tx.userId) throw AppError.rule('errors.order_not_found');
    return row;
  }
}
