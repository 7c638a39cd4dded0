import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { operatorAccess, ROLES } from './common.js';

/**
 * The running price feed as operators see it (docs/market-data.md "Back office"): its kind,
 * each FIX source's session and instruments, which source prices each instrument now and
 * the latest switches between sources.
 */

export const FEED_KINDS = ['simulator', 'replay', 'fix'] as const;
export type FeedKind = (typeof FEED_KINDS)[number];

/** Which of an instrument's sources a price comes from. */
export const FEED_SOURCE_ROLES = ['primary', 'backup'] as const;
export type FeedSourceRole = (typeof FEED_SOURCE_ROLES)[number];

export const FIX_SESSION_STATES = [
  'idle',
  'connecting',
  'logging_on',
  'live',
  'reconnecting',
  'stopped',
] as const;
export type FixSessionStateCode = (typeof FIX_SESSION_STATES)[number];

export const FEED_INSTRUMENT_STATES = ['pending', 'live', 'stale', 'unavailable'] as const;
export type FeedInstrumentState = (typeof FEED_INSTRUMENT_STATES)[number];

/** Why an instrument's price moved to the other source. */
export const FEED_SWITCH_REASONS = ['primary_stale', 'primary_down', 'primary_back'] as const;
export type FeedSwitchReason = (typeof FEED_SWITCH_REASONS)[number];

const int = z.number().int();
const instant = int.nullable();

/** One instrument on one source: its state, last good quote and how old it is. */
export const AdminFeedInstrumentSchema = z.object({
  id: int,
  code: z.string(),
  /** The provider's Symbol (55). */
  symbol: z.string(),
  state: z.enum(FEED_INSTRUMENT_STATES),
  /** Why it is unavailable or has no quote, in the provider's words (never translated). */
  reason: z.string().nullable(),
  /** The last good quote as decimals at the instrument's digits. */
  bid: z.string().nullable(),
  ask: z.string().nullable(),
  /** Its time by the provider's clock and by ours, epoch ms. */
  provider_time: instant,
  received_at: instant,
  /** `now` − `received_at`, ms: how old the quote is on the server's clock. */
  quote_age_ms: instant,
  dropped: int,
  /** Whether this source prices the instrument now. */
  in_use: z.boolean(),
});
export type AdminFeedInstrument = z.infer<typeof AdminFeedInstrumentSchema>;

/** One FIX session to a provider and its instruments. */
export const AdminFeedSourceSchema = z.object({
  role: z.enum(FEED_SOURCE_ROLES),
  /** host:port and CompIDs (never a password). */
  endpoint: z.string(),
  session: z.enum(FIX_SESSION_STATES),
  since: int,
  last_message_at: instant,
  last_quote_at: instant,
  last_error: z.string().nullable(),
  next_attempt_at: instant,
  connects: int,
  disconnects: int,
  sequence: z.object({ next_out: int, next_in: int }).nullable(),
  /**
   * Counters since start: application messages handled, quotes passed on, requests
   * refused. A rate is two polls' difference over their `now`s (the page does it).
   */
  messages: int,
  quotes: int,
  rejects: int,
  /** Updates dropped, by reason (garbage, crossed, jump, late …). */
  dropped: z.record(z.string(), int),
  instruments: z.array(AdminFeedInstrumentSchema),
});
export type AdminFeedSource = z.infer<typeof AdminFeedSourceSchema>;

export const AdminFeedSwitchSchema = z.object({
  at: int,
  instrument_id: int,
  code: z.string(),
  from: z.enum(FEED_SOURCE_ROLES),
  to: z.enum(FEED_SOURCE_ROLES),
  reason: z.enum(FEED_SWITCH_REASONS),
});
export type AdminFeedSwitch = z.infer<typeof AdminFeedSwitchSchema>;

/** The trading session A-book orders go over (docs/execution.md), when one is set. */
export const AdminTradeSessionSchema = z.object({
  endpoint: z.string(),
  session: z.enum(FIX_SESSION_STATES),
  since: int,
  last_message_at: instant,
  last_error: z.string().nullable(),
  next_attempt_at: instant,
  connects: int,
  disconnects: int,
  sequence: z.object({ next_out: int, next_in: int }).nullable(),
  /** ExecutionReports read since start, and those refused as unreadable. */
  reports: int,
  garbled: int,
  /** Orders sent and still waited for now. */
  waiting: int,
});
export type AdminTradeSession = z.infer<typeof AdminTradeSessionSchema>;

export const AdminFeedStatusSchema = z.object({
  /** The server's clock when the status was read, epoch ms: ages and rates count from it. */
  now: int,
  kind: z.enum(FEED_KINDS),
  sources: z.array(AdminFeedSourceSchema),
  /** Instrument code → the source its price comes from now (FIX only). */
  active: z.record(z.string(), z.enum(FEED_SOURCE_ROLES)),
  /** Newest first, at most 200. */
  switches: z.array(AdminFeedSwitchSchema),
  /** Switches since start, by instrument code. */
  switch_counts: z.record(z.string(), int),
  /** The A-book trading session; null when none is set. */
  trade: AdminTradeSessionSchema.nullable(),
});
export type AdminFeedStatus = z.infer<typeof AdminFeedStatusSchema>;

/** GET /api/admin/feeds/status — the running feed, read on each call (the page polls it). */
export const adminFeedStatusEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/feeds/status',
  input: z.object({}),
  output: AdminFeedStatusSchema,
  ...operatorAccess(ROLES.adminOnly),
});
