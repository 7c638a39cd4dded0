import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import {
  decimalField,
  idField,
  intEnum,
  intField,
  LOTS_RANGE,
  optionalDecimal,
  optionalSmallId,
  pageField,
  PRICE_RANGE,
  smallIdField,
} from './fields.js';

/** A price from a form as a canonical decimal string; absent, empty or 0 mean "none". */
const optionalPrice = optionalDecimal(PRICE_RANGE);

/**
 * A trailing stop's distance in points of the pair's price (docs/notifications.md "Trailing
 * stops"); absent, empty or 0 mean "none". The order rules check it against the price.
 */
const trailingPoints = z.preprocess(
  (v) => (v === '' || v === null || v === 0 || v === '0' ? undefined : v),
  intField(1, 1_000_000_000).optional(),
);

/**
 * Lots as a canonical decimal string ("0.01000" → "0.01"), so no float ever touches it;
 * the instrument's minimum and step are checked by the order rules.
 */
const lotsField = decimalField(LOTS_RANGE);

/** An order as docs/product.md §3 names its fields, plus a few the app needs to show it. */
export const OrderSchema = z.object({
  Id: z.number().int(),
  ForexId: z.number().int(),
  ForexTradeLists: z.object({ ShowCode: z.string(), Code: z.string(), PricePrecision: z.number().int() }),
  /** 1 buy, 2 sell. */
  OrderType: z.union([z.literal(1), z.literal(2)]),
  /** 0 pending, 1 holding, 3 closed, 4 cancelled. */
  Status: z.number().int(),
  /** Lots. */
  Quantity: z.number(),
  Leverage: z.number().int(),
  /** The fill price; 0 while pending. */
  OriginPrice: z.number(),
  /** The requested price: the target of a pending order, the fill price of a market one. */
  Price: z.number(),
  /** The price it was closed at, or the live closing price (bid for buy, ask for sell). */
  UpdatePrice: z.number(),
  /** Gross trading profit in USD (fee not included). */
  FactProfits: z.number(),
  /** Margin in USD. */
  CautionMoney: z.number(),
  TradeFee: z.number(),
  /** Spread paid when it opened, USD (docs/money.md "The order ticket"). */
  SpreadOpen: z.number(),
  /** Spread paid when it closed, USD (0 while open). */
  SpreadClose: z.number(),
  /**
   * Overnight financing charged (negative) or paid (positive) so far, USD: the sum of its
   * rollovers, each already on the balance (docs/money.md "Overnight financing (swap)").
   */
  Swap: z.number(),
  /**
   * Commission charged so far, USD, positive: the open's side, and the close's once closed
   * (docs/trading-groups.md "Commission").
   */
  Commission: z.number(),
  /** FactProfits − TradeFee − Commission + Swap: what the trade made or lost in all. */
  NetProfits: z.number(),
  /** Stop-loss price, 0 when none. */
  TargetLossPrice: z.number(),
  /** Take-profit price, 0 when none. */
  TargetProfitPrice: z.number(),
  /**
   * A trailing stop's distance in points, 0 when none: the stop-loss (TargetLossPrice) then
   * follows the closing price at this distance, only ever in the position's favour.
   */
  TrailingPoints: z.number().int(),
  /**
   * manual, partial (part of a position closed: this order is that part), tp, sl, trailing,
   * stop_out, cancelled, no_margin, demo_reset; empty while live.
   */
  CloseReason: z.string(),
  /**
   * For the part of a position a partial close took: the position it was closed from (which
   * stays open with the rest); 0 or absent otherwise (docs/money.md "Partial close and close all").
   */
  SplitFrom: z.number().int().optional(),
  /**
   * Why it closed at the price it did, when that needs saying: `after_takeover` — its level
   * was reached while no engine was acting, and it closed at the first price after.
   */
  CloseNote: z.string(),
  CreateTimeHandler: z.string(),
  CompleteTimeHandler: z.string(),
  CreatedAt: z.number(),
  CompletedAt: z.number(),
});
export type Order = z.infer<typeof OrderSchema>;

/** POST /v1/api/forex/submit — open at market (status 1) or place a pending order (0). */
export const submitOrderEndpoint = defineEndpoint({
  method: 'POST',
  path: '/v1/api/forex/submit',
  input: z.object({
    type: intEnum([1, 2]),
    cont: lotsField,
    forex_id: smallIdField,
    status: intEnum([0, 1]),
    target_price: optionalPrice,
    stop_loss_price: optionalPrice,
    target_profit_price: optionalPrice,
    trailing_points: trailingPoints,
    /** Leverage; ignored for fixed-margin pairs. */
    multiple: z.preprocess((v) => (v === '' || v === null ? undefined : v), intField(1, 100_000).optional()),
  }),
  output: OrderSchema,
  auth: true,
});

/** A stop or a target as the ticket shows it. */
export const TicketLevelSchema = z.object({
  price: z.number(),
  /** Money made (positive) or lost (negative) if the position closes there, USD. */
  money: z.number(),
  /** Distance from the entry in points, and in pips for currency pairs (else null). */
  points: z.number(),
  pips: z.number().nullable(),
  /** money ÷ equity × 100. */
  percent_of_equity: z.number(),
});

/** What an order would cost and risk (docs/money.md "The order ticket"), USD. */
export const OrderPreviewSchema = z.object({
  /** The price it would open at: the ask or bid now, or a pending order's target. */
  entry: z.number(),
  margin: z.number(),
  fee: z.number(),
  /** The commission charged when it opens (the close charges its side again), USD. */
  commission: z.number(),
  spread_cost: z.number(),
  /** One night's financing once open, signed USD (negative: a cost); null: none applies. */
  swap_per_night: z.number().nullable(),
  free_margin_after: z.number(),
  /** null with nothing open afterwards (never, for an order that opens). */
  margin_level_after: z.number().nullable(),
  margin_call_after: z.boolean(),
  /** The bid of the instrument at which the account would be stopped out, or null. */
  stop_out_price: z.number().nullable(),
  at_stop: TicketLevelSchema.nullable(),
  at_target: TicketLevelSchema.nullable(),
  reward_to_risk: z.number().nullable(),
  /** Whether free margin covers the order (the submit would be refused otherwise). */
  affordable: z.boolean(),
});
export type OrderPreview = z.infer<typeof OrderPreviewSchema>;

/**
 * POST /v1/api/forex/preview — the submit body; answers the order's figures exactly as
 * the submit would book them at this moment, without placing it.
 */
export const previewOrderEndpoint = defineEndpoint({
  method: 'POST',
  path: '/v1/api/forex/preview',
  input: submitOrderEndpoint.input,
  output: OrderPreviewSchema,
  auth: true,
});

/** GET /v1/api/forex/my_deal — the caller's orders by tab, 20 a page. */
export const myDealEndpoint = defineEndpoint({
  method: 'GET',
  path: '/v1/api/forex/my_deal',
  input: z.object({
    status: intEnum([0, 1, 3]),
    page: pageField,
  }),
  output: z.object({
    data: z.array(OrderSchema),
    total: z.number().int(),
    /**
     * Sum of FactProfits of the listed tab (live for holding); for history, of the orders
     * closed since the last demo reset.
     */
    all_fact_profits: z.number(),
    balance: z.number(),
    /** History tab only: when the demo account was last reset (epoch ms), 0 if never. */
    reset_at: z.number().int().optional(),
  }),
  auth: true,
});

const byId = z.object({ id: idField });

/**
 * POST /v1/api/forex/close — close a holding position at market: all of it, or with `lots`
 * the part of it (a multiple of the pair's lot step, fewer than the position holds, leaving
 * at least the pair's minimum open). Answers the order closed: the position itself, or the
 * new order of the part closed (`SplitFrom` names the position, which stays open with the
 * rest). An `Idempotency-Key` makes a repeat answer the first close (docs/money.md "Partial
 * close and close all").
 */
export const closeOrderEndpoint = defineEndpoint({
  method: 'POST',
  path: '/v1/api/forex/close',
  input: byId.extend({
    lots: z.preprocess((v) => (v === '' || v === null ? undefined : v), lotsField.optional()),
  }),
  output: OrderSchema,
  auth: true,
});

/** Why a position a close-all reached stays open: the error that would refuse closing it alone. */
export const CLOSE_ALL_KEPT_REASONS = [
  'market_closed',
  'prices_not_live',
  'instrument_not_found',
  'execution_unavailable',
  'order_closing',
  'execution_rejected',
  'execution_no_fill',
  'execution_timeout',
  'execution_pending',
] as const;
export type CloseAllKeptReason = (typeof CLOSE_ALL_KEPT_REASONS)[number];

/** What a close-all did: every order it closed, the money booked, what stayed open and why. */
export const CloseAllResultSchema = z.object({
  closed: z.array(OrderSchema),
  /** Σ gross profit booked by these closes (their `FactProfits`), USD as exact decimal text ("-12.5"). */
  total_profit: z.string(),
  /** Positions left open, each with why (`reason`) in the caller's language (`msg`). */
  kept: z.array(
    z.object({
      Id: z.number().int(),
      ForexId: z.number().int(),
      ShowCode: z.string(),
      reason: z.enum(CLOSE_ALL_KEPT_REASONS),
      msg: z.string(),
    }),
  ),
});
export type CloseAllResult = z.infer<typeof CloseAllResultSchema>;

/**
 * POST /v1/api/forex/close_all — close every open position of the caller at market, or with
 * `forex_id` those of one instrument (its market closed or its prices not live: the usual
 * refusal). A position whose market cannot be priced now stays open and is listed in `kept`;
 * nothing open is an empty result, not an error. `Idempotency-Key` as for close.
 */
export const closeAllEndpoint = defineEndpoint({
  method: 'POST',
  path: '/v1/api/forex/close_all',
  input: z.object({ forex_id: optionalSmallId }),
  output: CloseAllResultSchema,
  auth: true,
});

/** POST /v1/api/forex/cancel_trade — cancel a pending order. */
export const cancelOrderEndpoint = defineEndpoint({
  method: 'POST',
  path: '/v1/api/forex/cancel_trade',
  input: byId,
  output: OrderSchema,
  auth: true,
});

/**
 * POST /v1/api/forex/set_stop_price — set or clear (0) take-profit, stop-loss and the
 * trailing stop's distance.
 */
export const setStopPriceEndpoint = defineEndpoint({
  method: 'POST',
  path: '/v1/api/forex/set_stop_price',
  input: byId.extend({
    target_profit_price: optionalPrice,
    stop_loss_price: optionalPrice,
    trailing_points: trailingPoints,
  }),
  output: OrderSchema,
  auth: true,
});

/**
 * POST /v1/api/forex/set_pending_price — move a pending order to another price (docs/api.md
 * "Trading"): the caller's own, still pending; `target_price` as submit takes a pending
 * order's (required here), its TP/SL still on the right side of it.
 */
export const setPendingPriceEndpoint = defineEndpoint({
  method: 'POST',
  path: '/v1/api/forex/set_pending_price',
  input: byId.extend({ target_price: decimalField(PRICE_RANGE) }),
  output: OrderSchema,
  auth: true,
});

/** The page size of order lists and the account log. */
export const PAGE_SIZE = 20;
