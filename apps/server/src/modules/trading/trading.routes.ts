import {
  cancelOrderEndpoint,
  closeAllEndpoint,
  closeOrderEndpoint,
  fromMicros,
  microUsd,
  myDealEndpoint,
  OrderStatus,
  PAGE_SIZE,
  previewOrderEndpoint,
  setPendingPriceEndpoint,
  setStopPriceEndpoint,
  submitOrderEndpoint,
  type MicroUsd,
  type Points,
} from '@pipwise/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../core/app-error.js';
import { sessionOf } from '../../http/auth-hook.js';
import { idempotencyKey } from '../../http/idempotency-key.js';
import { registerEndpoint, Success } from '../../http/route.js';
import type { MarketService } from '../market/index.js';
import type { AccountService } from './account.service.js';
import { toOrderDto } from './order.dto.js';
import { formatPoints } from './order-rules.js';
import type { OrderRow } from './order.repository.js';
import type { OrderPreviewService } from './order-preview.js';
import type { OrderService } from './order.service.js';

export function registerTradingRoutes(
  app: FastifyInstance,
  deps: {
    orders: OrderService;
    accounts: AccountService;
    previews: OrderPreviewService;
    market: MarketService;
  },
): void {
  const dto = (row: OrderRow, live?: { price: Points; profit: MicroUsd }) => {
    const inst = deps.market.instrument(row.instrument_id);
    if (!inst) throw AppError.rule('errors.instrument_not_found');
    return toOrderDto(row, inst, live);
  };

  registerEndpoint(app, submitOrderEndpoint, async (input, request) => {
    const session = sessionOf(request);
    const row = await deps.orders.submit(session.userId, input, idempotencyKey(request), {
      demo: session.isDemo,
    });
    return new Success(
      dto(row),
      row.status === OrderStatus.Pending ? 'trade.pending_placed' : 'trade.order_opened',
    );
  });

  registerEndpoint(app, previewOrderEndpoint, (input, request) =>
    deps.previews.preview(sessionOf(request).userId, input),
  );

  registerEndpoint(app, myDealEndpoint, async ({ status, page }, request) => {
    const userId = sessionOf(request).userId;
    const history = status === OrderStatus.Closed;
    const [{ rows, total }, figures, resetAt] = await Promise.all([
      deps.accounts.orders(userId, status, page, PAGE_SIZE),
      deps.accounts.figures(userId),
      history ? deps.accounts.lastDemoReset(userId) : null,
    ]);
    const allFactProfits =
      status === OrderStatus.Holding
        ? figures.floating.toNumber()
        : history
          ? fromMicros(await deps.accounts.closedProfit(userId, resetAt)).toNumber()
          : 0;
    return {
      data: rows.map((row) => dto(row, figures.values.get(Number(row.id)))),
      total,
      all_fact_profits: allFactProfits,
      balance: figures.balance.toNumber(),
      // History only: the realised total counts from here; the app marks older orders.
      ...(history ? { reset_at: resetAt ?? 0 } : {}),
    };
  });

  registerEndpoint(app, closeOrderEndpoint, async ({ id, lots }, request) => {
    const row = await deps.orders.close(sessionOf(request).userId, id, {
      lots,
      idempotencyKey: idempotencyKey(request),
    });
    return row.split_from
      ? new Success(dto(row), 'trade.part_closed', { lots: row.lots })
      : new Success(dto(row), 'trade.order_closed');
  });

  // docs/money.md "Partial close and close all".
  registerEndpoint(app, closeAllEndpoint, async ({ forex_id }, request) => {
    const { closed, kept } = await deps.orders.closeAll(
      sessionOf(request).userId,
      forex_id,
      idempotencyKey(request),
    );
    const total = closed.reduce((sum, row) => sum + row.profit, 0);
    return new Success(
      {
        closed: closed.map((row) => dto(row)),
        total_profit: fromMicros(microUsd(total)).toFixed(),
        kept: kept.map(({ row, reason }) => {
          const inst = deps.market.instrument(row.instrument_id);
          return {
            Id: Number(row.id),
            ForexId: row.instrument_id,
            ShowCode: inst?.showCode ?? '',
            reason,
            msg: app.t(request.lang, `errors.${reason}`),
          };
        }),
      },
      closed.length > 0 ? 'trade.closed_all' : 'trade.closed_none',
      { count: closed.length },
    );
  });

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
      trailing: input.trailing_points,
    });
    return new Success(dto(row), 'trade.stops_set');
  });

  registerEndpoint(app, setPendingPriceEndpoint, async ({ id, target_price }, request) => {
    const row = await deps.orders.setPendingPrice(sessionOf(request).userId, id, target_price);
    const inst = deps.market.instrument(row.instrument_id);
    const price = inst && row.target_price !== null ? formatPoints(inst, row.target_price) : target_price;
    return new Success(dto(row), 'trade.pending_moved', { price });
  });
}
