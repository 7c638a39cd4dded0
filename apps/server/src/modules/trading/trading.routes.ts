import {
  cancelOrderEndpoint,
  closeOrderEndpoint,
  myDealEndpoint,
  OrderStatus,
  PAGE_SIZE,
  setStopPriceEndpoint,
  submitOrderEndpoint,
  fromMicros,
} from '@pipwise/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { sessionOf } from '../../http/auth-hook.js';
import { registerEndpoint, Success } from '../../http/route.js';
import type { AccountFiguresService } from './account-figures.js';
import type { TradingEngine } from './engine.js';
import { toOrderDto } from './order.dto.js';
import { pageUserOrders, sumClosedProfit, type OrderRow } from './order.repository.js';
import type { OrderService } from './order.service.js';

const IdempotencyKeySchema = z.string().trim().min(1).max(64).optional();

/** The `Idempotency-Key` header: a repeated submit with the same key creates one order. */
function idempotencyKey(request: FastifyRequest): string | undefined {
  const parsed = IdempotencyKeySchema.safeParse(request.headers['idempotency-key']);
  if (!parsed.success) throw AppError.rule('errors.field_invalid', { field: 'Idempotency-Key' });
  return parsed.data;
}

export function registerTradingRoutes(
  app: FastifyInstance,
  deps: { db: Db; engine: TradingEngine; orders: OrderService; figures: AccountFiguresService },
): void {
  const dto = (row: OrderRow, live?: { price: number; profit: number }) =>
    toOrderDto(row, deps.engine.instrument(row.instrument_id), live);

  registerEndpoint(app, submitOrderEndpoint, async (input, request) => {
    const row = await deps.orders.submit(sessionOf(request).userId, input, idempotencyKey(request));
    return new Success(
      dto(row),
      row.status === OrderStatus.Pending ? 'trade.pending_placed' : 'trade.order_opened',
    );
  });

  registerEndpoint(app, myDealEndpoint, async ({ status, page }, request) => {
    const userId = sessionOf(request).userId;
    const { rows, total } = await pageUserOrders(deps.db, userId, status, page, PAGE_SIZE);
    const figures = await deps.figures.figures(userId);
    const allFactProfits =
      status === OrderStatus.Holding
        ? figures.floating_profit
        : status === OrderStatus.Closed
          ? fromMicros(await sumClosedProfit(deps.db, userId)).toNumber()
          : 0;
    return {
      data: rows.map((row) => dto(row, figures.values.get(Number(row.id)))),
      total,
      all_fact_profits: allFactProfits,
      balance: figures.balance,
    };
  });

  registerEndpoint(
    app,
    closeOrderEndpoint,
    async ({ id }, request) =>
      new Success(dto(await deps.orders.close(sessionOf(request).userId, id)), 'trade.order_closed'),
  );

  registerEndpoint(
    app,
    cancelOrderEndpoint,
    async ({ id }, request) =>
      new Success(dto(await deps.orders.cancel(sessionOf(request).userId, id)), 'trade.order_cancelled'),
  );

  registerEndpoint(app, setStopPriceEndpoint, async (input, request) => {
    const row = await deps.orders.setStops(sessionOf(request).userId, input.id, {
      tp: input.target_profit_price,
      sl: input.stop_loss_price,
    });
    return new Success(dto(row), 'trade.stops_set');
  });
}
