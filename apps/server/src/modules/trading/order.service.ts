import { OrderMode, OrderStatus, type CloseReason } from '@pipwise/shared';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import type { SettingsService } from '../content/settings.service.js';
import type { TradingEngine } from './engine.js';
import { pendingFromRow, positionFromRow } from './live-mapping.js';
import * as exec from './order-executor.js';
import {
  checkLeverage,
  checkLots,
  checkStops,
  optionalPoints,
  pendingKind,
  toPoints,
} from './order-rules.js';
import { findByIdempotencyKey, findOrder, setStops, type OrderRow } from './order.repository.js';
import type { Valuation } from './valuation.js';

export interface SubmitInput {
  type: 1 | 2;
  cont: string;
  forex_id: number;
  status: 0 | 1;
  target_price?: number | undefined;
  stop_loss_price?: number | undefined;
  target_profit_price?: number | undefined;
  multiple?: number | undefined;
}

/**
 * What a trader asks of their orders: submit, close, cancel, set TP/SL. Each command runs
 * under the user's lock, checks ownership, validates against the live quote, and leaves
 * the database and the engine's books agreeing.
 */
export class OrderService {
  constructor(
    private readonly engine: TradingEngine,
    private readonly valuation: Valuation,
    private readonly settings: SettingsService,
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  submit(userId: number, input: SubmitInput, idempotencyKey: string | undefined): Promise<OrderRow> {
    return this.engine.forUser(userId, async () => {
      if (idempotencyKey) {
        const earlier = await findByIdempotencyKey(this.db, userId, idempotencyKey);
        if (earlier) return earlier;
      }
      const inst = this.engine.instrument(input.forex_id);
      const quote = this.engine.openQuote(inst);
      checkLots(inst, input.cont);
      const leverage = checkLeverage(inst, input.multiple);
      const tp = optionalPoints(inst, input.target_profit_price, 'target_profit_price');
      const sl = optionalPoints(inst, input.stop_loss_price, 'stop_loss_price');
      const account = await this.engine.state.account(userId);
      const base = {
        user_id: userId,
        instrument_id: inst.id,
        side: input.type,
        lots: input.cont,
        leverage,
        margin_mode: inst.marginMode,
        tp,
        sl,
        idempotency_key: idempotencyKey ?? null,
      };

      if (input.status === OrderMode.Pending) {
        if (input.target_price === undefined)
          throw AppError.rule('errors.price_invalid', { field: 'target_price', decimals: inst.precision });
        const target = toPoints(inst, input.target_price, 'target_price');
        checkStops(input.type, target, tp, sl);
        this.checkAffordable(account, inst, input.cont, leverage, target, await this.feeType());
        const row = await exec.insertPendingOrder(
          this.db,
          { ...base, target_price: target },
          pendingKind(input.type, target, quote),
          this.now(),
        );
        this.engine.state.addPending(account, pendingFromRow(row));
        return row;
      }

      const fill = input.type === 1 ? quote.ask : quote.bid;
      checkStops(input.type, fill, tp, sl);
      const { margin, fee } = this.checkAffordable(
        account,
        inst,
        input.cont,
        leverage,
        fill,
        await this.feeType(),
      );
      const opened = await exec.insertOpenOrder(this.db, base, {
        openPrice: fill,
        margin,
        fee,
        now: this.now(),
      });
      account.balance = opened.balance;
      this.engine.state.addPosition(account, positionFromRow(opened.row));
      return opened.row;
    });
  }

  close(userId: number, orderId: number, reason: CloseReason = 'manual'): Promise<OrderRow> {
    return this.engine.forUser(userId, async () => {
      const row = await this.owned(userId, orderId);
      if (row.status !== OrderStatus.Holding) throw AppError.rule('errors.order_not_holding');
      const account = await this.engine.state.account(userId);
      const position = account.positions.get(orderId);
      if (!position) throw AppError.rule('errors.order_not_holding');
      const quote = this.engine.openQuote(this.engine.instrument(position.instrumentId));
      const closed = await this.engine.closePosition(
        account,
        position,
        reason,
        position.side === 1 ? quote.bid : quote.ask,
      );
      if (!closed) throw AppError.rule('errors.order_not_holding');
      return closed;
    });
  }

  cancel(userId: number, orderId: number): Promise<OrderRow> {
    return this.engine.forUser(userId, async () => {
      const row = await this.owned(userId, orderId);
      if (row.status !== OrderStatus.Pending) throw AppError.rule('errors.order_not_pending');
      const account = await this.engine.state.account(userId);
      const pending = account.pendings.get(orderId);
      const cancelled = await exec.cancelPendingOrder(this.db, orderId, 'cancelled', this.now());
      if (!cancelled) throw AppError.rule('errors.order_not_pending');
      if (pending) this.engine.state.removePending(account, pending);
      return cancelled;
    });
  }

  /** Sets or clears (0) TP and SL of a holding position or a pending order. */
  setStops(
    userId: number,
    orderId: number,
    input: { tp?: number | undefined; sl?: number | undefined },
  ): Promise<OrderRow> {
    return this.engine.forUser(userId, async () => {
      const row = await this.owned(userId, orderId);
      const inst = this.engine.instrument(row.instrument_id);
      const tp = optionalPoints(inst, input.tp, 'target_profit_price');
      const sl = optionalPoints(inst, input.sl, 'stop_loss_price');
      const account = await this.engine.state.account(userId);
      const side = row.side === 1 ? 1 : 2;
      if (row.status === OrderStatus.Holding) {
        const position = account.positions.get(orderId);
        if (!position) throw AppError.rule('errors.order_not_holding');
        const quote = this.engine.openQuote(inst);
        checkStops(side, side === 1 ? quote.bid : quote.ask, tp, sl);
        await setStops(this.db, orderId, tp, sl);
        this.engine.state.removePosition(account, position);
        this.engine.state.addPosition(account, { ...position, tp, sl });
      } else if (row.status === OrderStatus.Pending) {
        const pending = account.pendings.get(orderId);
        if (!pending) throw AppError.rule('errors.order_not_pending');
        checkStops(side, pending.targetPrice, tp, sl);
        await setStops(this.db, orderId, tp, sl);
        this.engine.state.removePending(account, pending);
        this.engine.state.addPending(account, { ...pending, tp, sl });
      } else {
        throw AppError.rule('errors.order_not_holding');
      }
      const updated = await findOrder(this.db, orderId);
      if (!updated) throw AppError.rule('errors.order_not_found');
      return updated;
    });
  }

  /** The order if it exists and is the caller's; otherwise "not found" (never "not yours"). */
  private async owned(userId: number, orderId: number): Promise<OrderRow> {
    const row = await findOrder(this.db, orderId);
    if (!row || Number(row.user_id) !== userId) throw AppError.rule('errors.order_not_found');
    return row;
  }

  private feeType(): Promise<number> {
    return this.settings.number('trade_fee_type', 1);
  }

  /** Margin and fee of the order; throws when free margin cannot cover both. */
  private checkAffordable(
    account: Parameters<TradingEngine['risk']['freeMargin']>[0],
    inst: Parameters<Valuation['margin']>[0],
    lots: string,
    leverage: number,
    price: number,
    feeType: number,
  ): { margin: number; fee: number } {
    const margin = this.valuation.margin(inst, lots, leverage, price);
    const fee = this.valuation.fee(inst, lots, margin, feeType);
    if (this.engine.risk.freeMargin(account) < margin + fee)
      throw AppError.rule('errors.insufficient_margin');
    return { margin, fee };
  }
}
