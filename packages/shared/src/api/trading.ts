import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { idField, pageField } from './fields.js';

/** A price field from a form: empty or 0 means "none" for TP/SL. */
const optionalPrice = z.preprocess(
  (v) => (v === '' || v === undefined || v === null ? undefined : v),
  z.coerce.number().finite().min(0).optional(),
);

/** Lots as sent by the form; kept as a decimal string so no float ever touches it. */
const lotsField = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .pipe(z.string().regex(/^\d{1,6}(\.\d{1,8})?$/));

/** An order as spec §3 names its fields, plus a few the app needs to show it. */
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
  /** Stop-loss price, 0 when none. */
  TargetLossPrice: z.number(),
  /** Take-profit price, 0 when none. */
  TargetProfitPrice: z.number(),
  /** manual, tp, sl, stop_out, cancelled, no_margin, demo_reset; empty while live. */
  CloseReason: z.string(),
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
    type: z.coerce.number().pipe(z.union([z.literal(1), z.literal(2)])),
    cont: lotsField,
    forex_id: idField,
    status: z.coerce.number().pipe(z.union([z.literal(0), z.literal(1)])),
    target_price: optionalPrice,
    stop_loss_price: optionalPrice,
    target_profit_price: optionalPrice,
    /** Leverage; ignored for fixed-margin pairs. */
    multiple: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().positive().optional()),
  }),
  output: OrderSchema,
  auth: true,
});

/** GET /v1/api/forex/my_deal — the caller's orders by tab, 20 a page. */
export const myDealEndpoint = defineEndpoint({
  method: 'GET',
  path: '/v1/api/forex/my_deal',
  input: z.object({
    status: z.coerce.number().pipe(z.union([z.literal(0), z.literal(1), z.literal(3)])),
    page: pageField,
  }),
  output: z.object({
    data: z.array(OrderSchema),
    total: z.number().int(),
    /** Sum of FactProfits of the listed tab (live for holding). */
    all_fact_profits: z.number(),
    balance: z.number(),
  }),
  auth: true,
});

const byId = z.object({ id: idField });

/** POST /v1/api/forex/close — close a holding position at market. */
export const closeOrderEndpoint = defineEndpoint({
  method: 'POST',
  path: '/v1/api/forex/close',
  input: byId,
  output: OrderSchema,
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

/** POST /v1/api/forex/set_stop_price — set or clear (0) take-profit and stop-loss. */
export const setStopPriceEndpoint = defineEndpoint({
  method: 'POST',
  path: '/v1/api/forex/set_stop_price',
  input: byId.extend({ target_profit_price: optionalPrice, stop_loss_price: optionalPrice }),
  output: OrderSchema,
  auth: true,
});

/** The page size of order lists and the account log. */
export const PAGE_SIZE = 20;
