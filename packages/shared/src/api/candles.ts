import { z } from 'zod';
import { PERIODS, type Period } from '../domain/market.js';
import { defineEndpoint } from './endpoint.js';
import { intField, optionalSmallId, smallIdField } from './fields.js';

/** `kline` returns this many candles unless `limit` says otherwise (spec: at least 300). */
export const KLINE_DEFAULT_LIMIT = 300;
export const KLINE_MAX_LIMIT = 1_000;

/**
 * The home row's sparkline: the closes of the last 48 half-hour candles (one trading day
 * at half-hour resolution), the last one live. Counting candles rather than clock hours
 * keeps the line full at the weekend, when forex has no candles for two days.
 */
export const SPARKLINE_PERIOD: Period = '30min';
export const SPARKLINE_POINTS = 48;

/**
 * A candle as docs/product.md §3 names its fields. `Time` is the candle's start in epoch SECONDS,
 * the `UTCTimestamp` lightweight-charts takes as is (1day candles start at 17:00 New
 * York). Prices are decimals with the pair's `PricePrecision`; `Volume` counts ticks.
 */
export const CandleSchema = z.object({
  Time: z.number().int(),
  Open: z.number(),
  High: z.number(),
  Low: z.number(),
  Close: z.number(),
  Volume: z.number().int(),
});
export type Candle = z.infer<typeof CandleSchema>;

/** A query value that is absent or empty takes the default. */
const withDefault = <T extends z.ZodType>(fallback: unknown, schema: T) =>
  z.preprocess((v) => (v === '' || v === undefined || v === null ? fallback : v), schema);

/**
 * GET /v1/api/forex/kline — the last `limit` candles of a pair, oldest first; the last
 * one is the forming candle. An unknown `forex_id` is "not found".
 */
export const klineEndpoint = defineEndpoint({
  method: 'GET',
  path: '/v1/api/forex/kline',
  input: z.object({
    forex_id: smallIdField,
    period: withDefault('1min', z.enum(PERIODS)),
    limit: withDefault(KLINE_DEFAULT_LIMIT, intField(1, KLINE_MAX_LIMIT)),
  }),
  output: z.array(CandleSchema),
  auth: false,
});

/** One home row's small chart: `Points` are closes, oldest first (see SPARKLINE_POINTS). */
export const SparklineSchema = z.object({
  Id: z.number().int(),
  Code: z.string(),
  Points: z.array(z.number()),
});
export type Sparkline = z.infer<typeof SparklineSchema>;

/**
 * GET /v1/api/forex/abbreviated_cache_kline — a sparkline for every pair, or for one with
 * `forex_id` (an unknown one is "not found", code 2000). Served from memory.
 */
export const abbreviatedKlineEndpoint = defineEndpoint({
  method: 'GET',
  path: '/v1/api/forex/abbreviated_cache_kline',
  input: z.object({ forex_id: optionalSmallId }),
  output: z.array(SparklineSchema),
  auth: false,
});
