import { z } from 'zod';
import { SWAP_UNITS, TRIPLE_SWAP_DAYS } from '../math/swap.js';
import { defineEndpoint } from './endpoint.js';
import { intEnum, optionalSmallId, optionalText, smallIdField } from './fields.js';

/** `ForexQuotations` of a pair: today's open, the last bid (`Close`) and the change in %. */
export const QuotationSchema = z.object({
  Open: z.number(),
  Close: z.number(),
  /** Percent change of `Close` against `Open`, 2 decimals. */
  Change: z.number(),
  Bid: z.number(),
  Ask: z.number(),
  High: z.number(),
  Low: z.number(),
  /** Milliseconds since the epoch of the last tick. */
  Time: z.number(),
});
export type Quotation = z.infer<typeof QuotationSchema>;

export const LeverageSchema = z.object({ Value: z.number().int().positive() });

/** A trade pair as docs/product.md §3 names its fields. */
export const TradePairSchema = z.object({
  Id: z.number().int(),
  Code: z.string(),
  ShowCode: z.string(),
  Logo: z.string(),
  CategoryId: z.number().int(),
  /** 1 open, 0 closed. */
  MarketStatus: z.union([z.literal(0), z.literal(1)]),
  PricePrecision: z.number().int(),
  /** The lot step. */
  Pip: z.number(),
  /** The minimum lots of an order. */
  ForexMinCont: z.number(),
  /** Units per lot (contract size). */
  ForexContNum: z.number(),
  /** 1 fixed margin (no leverage choice), 0 leveraged. */
  MarginMode: z.union([z.literal(0), z.literal(1)]),
  HasForexMultiple: z.array(LeverageSchema),
  ForexFeeRate: z.number(),
  ForexQuotations: QuotationSchema,
  BaseCurrency: z.string(),
  QuoteCurrency: z.string(),
  /**
   * Milliseconds after which this pair's quote is no longer live: the server refuses to
   * price from an older one, and the app pauses trading (docs/api.md "Fresh prices").
   */
  MaxQuoteAge: z.number().int().positive(),
  /**
   * Overnight financing of a buy and of a sell, signed decimals (negative: charged), in
   * `SwapUnit`, at each rollover (17:00 New York), three nights on `SwapTripleDay`
   * (docs/money.md "Overnight financing (swap)").
   */
  SwapLong: z.string(),
  SwapShort: z.string(),
  SwapUnit: z.enum(SWAP_UNITS),
  SwapTripleDay: z.enum(TRIPLE_SWAP_DAYS),
});
export type TradePair = z.infer<typeof TradePairSchema>;

export const CategorySchema = z.object({
  Id: z.number().int(),
  /** The category name in the caller's `lang`. */
  NameShowTrans: z.string(),
});
export type Category = z.infer<typeof CategorySchema>;

/** GET /v1/api/forex/trade_list — every pair, or those matching `searchCurrency`. */
export const tradeListEndpoint = defineEndpoint({
  method: 'GET',
  path: '/v1/api/forex/trade_list',
  input: z.object({
    /** Matches code or display code, case-insensitive, anywhere ("usd", "eur/u"). */
    searchCurrency: optionalText(32),
    /** Only pairs of this category. An unknown one gives an empty list. */
    category_id: optionalSmallId,
  }),
  output: z.array(TradePairSchema),
  auth: false,
});

/** GET /v1/api/forex/getCategories — the categories with names in the caller's language. */
export const categoriesEndpoint = defineEndpoint({
  method: 'GET',
  path: '/v1/api/forex/getCategories',
  input: z.object({}),
  output: z.array(CategorySchema),
  auth: false,
});

/**
 * The most instruments a trader can star (docs/market-data.md "Favourites"): more than the
 * board holds, so the limit only stops a script filling the table.
 */
export const MAX_FAVOURITES = 200;

const favouritesOutput = z.object({
  /** The starred instruments' ids, in the order they were starred. */
  ids: z.array(z.number().int()),
});

/** GET /v1/api/forex/favourites — the caller's starred instruments. */
export const favouritesEndpoint = defineEndpoint({
  method: 'GET',
  path: '/v1/api/forex/favourites',
  input: z.object({}),
  output: favouritesOutput,
  auth: true,
});

/**
 * POST /v1/api/forex/favourite — stars (`favourite` 1) or unstars (0) an instrument;
 * answers the whole list. Idempotent: starring a starred one changes nothing.
 */
export const setFavouriteEndpoint = defineEndpoint({
  method: 'POST',
  path: '/v1/api/forex/favourite',
  input: z.object({ forex_id: smallIdField, favourite: intEnum([0, 1]) }),
  output: favouritesOutput,
  auth: true,
});
