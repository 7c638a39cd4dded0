import { z } from 'zod';
import { ASSET_CLASSES } from '../../domain/leverage-caps.js';
import { EXECUTION_MODES, MAX_MARKUP_POINTS, MAX_SLIPPAGE_POINTS } from '../../domain/execution.js';
import {
  MAX_SWAP_PERCENT,
  MAX_SWAP_POINTS,
  SWAP_RATE_DECIMALS,
  SWAP_UNITS,
  TRIPLE_SWAP_DAYS,
} from '../../math/swap.js';
import { LANGS } from '../../languages.js';
import { defineEndpoint } from '../endpoint.js';
import {
  decimalField,
  intField,
  optionalSmallId,
  optionalText,
  requiredText,
  signedDecimalField,
  smallIdField,
  textField,
} from '../fields.js';
import { flagField, operatorAccess, ROLES } from './common.js';

/** An instrument as operators configure it (docs/money.md for what each number does). */
export const AdminInstrumentSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  show_code: z.string(),
  category_id: z.number().int(),
  base_currency: z.string(),
  quote_currency: z.string(),
  /** forex, metals, indices, energy or crypto: which trading hours it keeps. */
  session: z.string(),
  /** Decimals of its prices (fixed: stored prices are integer points of it). */
  precision: z.number().int(),
  /** Spread added around the mid price, in points (10^-precision). */
  spread_points: z.number().int(),
  /** Nothing is priced from a quote older than this, ms (docs/market-data.md "Fresh prices"). */
  max_quote_age_ms: z.number().int(),
  /** The leverages a trader may choose. */
  leverages: z.array(z.number().int()),
  /** trade_fee_type 1: USD per lot; otherwise a rate of the margin. */
  fee_rate: z.string(),
  min_lots: z.string(),
  lot_step: z.string(),
  contract_size: z.string(),
  /** 1 open for trading and on the board, 0 closed (refused only while orders are live on it). */
  enabled: z.number().int(),
  sort: z.number().int(),
  /** Open positions and pending orders on it now. */
  live_orders: z.number().int(),
  /** b_book: filled in-house; a_book: sent to the liquidity provider (docs/execution.md). */
  execution_mode: z.enum(EXECUTION_MODES),
  /** Points the trader's spread is wider than the provider's (floor(m/2) off the bid, the rest on the ask). */
  markup_points: z.number().int(),
  /** An A-book order fills at most this many points worse than the provider's quote. */
  max_slippage_points: z.number().int(),
  /** The provider's Symbol (55) set by an operator; null: `default_provider_symbol`. */
  provider_symbol: z.string().nullable(),
  /** The symbol the provider is asked for when no override is set. */
  default_provider_symbol: z.string(),
  /** Overnight financing of a buy and a sell, signed (negative: charged), in `swap_unit`. */
  swap_long: z.string(),
  swap_short: z.string(),
  swap_unit: z.enum(SWAP_UNITS),
  /** The rollover that counts three nights; `none` for markets that trade every day. */
  swap_triple_day: z.enum(TRIPLE_SWAP_DAYS),
  /** The class the retail leverage caps know it by (docs/trading-groups.md). */
  asset_class: z.enum(ASSET_CLASSES),
  /** The class an operator set; empty: `asset_class` is the market's default. */
  asset_class_set: z.enum(['', ...ASSET_CLASSES]),
});
export type AdminInstrument = z.infer<typeof AdminInstrumentSchema>;

/** GET /api/admin/instruments/list — every instrument, open or closed, in board order. */
export const adminInstrumentsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/instruments/list',
  input: z.object({ category_id: optionalSmallId }),
  output: z.array(AdminInstrumentSchema),
  ...operatorAccess(ROLES.adminOnly),
});

/**
 * Leverages as a comma-separated list ("1,10,50,100"): 1–30 distinct values of 1–10,000,
 * kept in increasing order.
 */
export const leverageList = requiredText(200)
  .pipe(z.string().regex(/^\d{1,5}( *, *\d{1,5}){0,29}$/))
  .transform((s) => s.split(',').map((v) => Number(v.trim())))
  .refine((list) => list.every((v) => v >= 1 && v <= 10_000), {
    params: { key: 'errors.leverage_list_invalid' },
  })
  .refine((list) => new Set(list).size === list.length, { params: { key: 'errors.leverage_list_invalid' } })
  .transform((list) => [...list].sort((a, b) => a - b));

/** A swap rate: signed, 4 decimals, within the points bound; the percent bound is checked with its unit. */
const swapRate = signedDecimalField({
  max: MAX_SWAP_POINTS,
  maxDecimals: SWAP_RATE_DECIMALS,
  allowZero: true,
});

/** A rate in percent a year beyond ±MAX_SWAP_PERCENT is refused on its own field. */
function checkSwapUnit(
  terms: { swap_long: string; swap_short: string; swap_unit: string },
  ctx: z.RefinementCtx,
): void {
  if (terms.swap_unit !== 'percent_per_year') return;
  for (const field of ['swap_long', 'swap_short'] as const) {
    const magnitude = Number(terms[field].replace('-', ''));
    if (magnitude > MAX_SWAP_PERCENT)
      ctx.addIssue({
        code: 'custom',
        path: [field],
        params: { key: 'errors.number_too_large', vars: { max: MAX_SWAP_PERCENT } },
      });
  }
}

/** Lots: at most 1,000 with a step of at most 4 decimals (the engine counts 1/10,000 lot). */
const lotsSetting = decimalField({ max: 1_000, maxDecimals: 4 });

/**
 * An override of the provider's symbol; absent, null or blank is none: the default symbol
 * (optional text, as everywhere: a form cannot send null). Which characters a symbol may
 * hold is the server's rule (market/fix/provider-symbol.ts PROVIDER_SYMBOL), checked there
 * with a translated refusal: one copy of it, where the FIX session uses it.
 */
const providerSymbolField = optionalText(32);

/**
 * POST /api/admin/instruments/save — edits an instrument. Takes effect at once on every
 * server instance: the next quote carries the new spread, a closed instrument leaves the
 * board and refuses buy and sell, a new quote age limit applies to the next order.
 * `min_lots` must be a multiple of `lot_step`. Closing
 * (`enabled` 0) is refused while positions or pending orders are live on it.
 * Execution (docs/execution.md): the mode and the slippage limit apply to the next order,
 * the markup to the next quote; a `provider_symbol` another instrument already maps to
 * (by override or by default) is refused. Orders use a new symbol at once, and the FIX
 * market-data session logs on again to subscribe under it (docs/market-data.md).
 * Swap rates and the triple day apply from the next rollover, to every position then open
 * (docs/money.md "Overnight financing (swap)").
 */
export const adminSaveInstrumentEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/instruments/save',
  input: z
    .object({
      id: smallIdField,
      category_id: smallIdField,
      spread_points: intField(0, 1_000_000),
      /** 1 s to 10 min: shorter than a feed's heartbeat would stop trading for nothing. */
      max_quote_age_ms: intField(1_000, 600_000),
      leverages: leverageList,
      fee_rate: decimalField({ max: 1_000_000, maxDecimals: 8, allowZero: true }),
      min_lots: lotsSetting,
      lot_step: lotsSetting,
      enabled: flagField,
      sort: intField(0, 1_000_000),
      execution_mode: z.enum(EXECUTION_MODES),
      markup_points: intField(0, MAX_MARKUP_POINTS),
      max_slippage_points: intField(0, MAX_SLIPPAGE_POINTS),
      provider_symbol: providerSymbolField,
      swap_long: swapRate,
      swap_short: swapRate,
      swap_unit: z.enum(SWAP_UNITS),
      swap_triple_day: z.enum(TRIPLE_SWAP_DAYS),
      /** Empty: the market's default class; absent: unchanged. */
      asset_class: z.enum(['', ...ASSET_CLASSES]).optional(),
    })
    .superRefine(checkSwapUnit),
  output: AdminInstrumentSchema,
  ...operatorAccess(ROLES.adminOnly),
});

/** A category of the board, with its name in each language. */
export const AdminCategorySchema = z.object({
  id: z.number().int(),
  names: z.partialRecord(z.enum(LANGS), z.string()),
  sort: z.number().int(),
  instruments: z.number().int(),
});
export type AdminCategory = z.infer<typeof AdminCategorySchema>;

/** GET /api/admin/categories/list — the board's categories in order. */
export const adminCategoriesEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/categories/list',
  input: z.object({}),
  output: z.array(AdminCategorySchema),
  ...operatorAccess(ROLES.adminOnly),
});

const categoryName = textField(40);

/**
 * Names per language: English is required; a language left out or empty shows the English
 * name.
 */
export const CategoryNamesSchema = z.object({
  en: requiredText(40),
  ...Object.fromEntries(LANGS.filter((l) => l !== 'en').map((l) => [l, categoryName.optional()])),
}) as z.ZodType<{ en: string } & Partial<Record<(typeof LANGS)[number], string>>>;

/** POST /api/admin/categories/save — creates (no `id`) or renames and re-sorts a category. */
export const adminSaveCategoryEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/categories/save',
  input: z.object({ id: optionalSmallId, names: CategoryNamesSchema, sort: intField(0, 1_000_000) }),
  output: AdminCategorySchema,
  ...operatorAccess(ROLES.adminOnly),
});
