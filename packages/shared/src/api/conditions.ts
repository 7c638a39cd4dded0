import { z } from 'zod';
import { ASSET_CLASSES } from '../domain/leverage-caps.js';
import { COMMISSION_TYPES } from '../domain/trading-groups.js';
import { defineEndpoint } from './endpoint.js';

/** A commission's terms a side, USD (docs/trading-groups.md "Commission"). */
export const CommissionSchema = z.object({
  type: z.enum(COMMISSION_TYPES),
  /** USD per lot, or per million USD of notional. */
  rate: z.number(),
  /** USD a side at least. */
  min: z.number(),
});

/** The account's terms on one instrument. */
export const InstrumentConditionsSchema = z.object({
  /** The trade pair's Id. */
  id: z.number().int(),
  code: z.string(),
  asset_class: z.enum(ASSET_CLASSES),
  /** The most leverage the account may use on it; null: no cap (professional). */
  cap: z.number().int().nullable(),
  /** The leverage choices offered to this account (within the cap). */
  leverages: z.array(z.number().int()),
  /** The fee rate of `trade_fee_type`. */
  fee_rate: z.number(),
  commission: CommissionSchema,
  /**
   * Points the group adds to the board's spread (0: none): the account deals at the board's
   * bid less floor(m/2) and its ask plus the rest (docs/trading-groups.md "Markup").
   */
  markup_points: z.number().int(),
});
export type InstrumentConditions = z.infer<typeof InstrumentConditionsSchema>;

/** The trading conditions of the caller's account: its group and its terms per instrument. */
export const TradingConditionsSchema = z.object({
  group: z.object({
    name: z.string(),
    /** 1: not held to the retail leverage caps. */
    professional: z.number().int(),
    /** 1: no overnight financing on positions opened now. */
    swap_free: z.number().int(),
    /** 1 fee per lot, otherwise a share of the margin. */
    trade_fee_type: z.number().int(),
    margin_call_level: z.number(),
    stop_out_level: z.number(),
  }),
  instruments: z.array(InstrumentConditionsSchema),
});
export type TradingConditions = z.infer<typeof TradingConditionsSchema>;

/**
 * GET /v1/api/main/account/conditions — the caller's trading group and what it offers on
 * every open instrument (the ticket's leverage choices, fee and commission; the Me page).
 */
export const tradingConditionsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/v1/api/main/account/conditions',
  input: z.object({}),
  output: TradingConditionsSchema,
  auth: true,
});
