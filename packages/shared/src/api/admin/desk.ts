import { z } from 'zod';
import { DEFAULT_TIME_ZONE } from '../../domain/time-zone.js';
import { timeZoneField } from '../fields.js';
import { defineEndpoint } from '../endpoint.js';
import { operatorAccess, ROLES } from './common.js';

/**
 * The dealing desk (docs/dealing-desk.md): what the house is exposed to on real accounts,
 * live. `GET /api/admin/desk` answers one snapshot; the operator socket (`ADMIN_WS_PATH`)
 * pushes the same snapshot every `DESK_TICK_MS` while an operator watches. Money is USD as
 * a number with up to 6 decimals (exact micro-USD); lots are decimal strings.
 */

/** How often the server rebuilds and pushes the snapshot while someone is subscribed. */
export const DESK_TICK_MS = 2_000;
/** Rows of each short list (nearest stop-out, top profit, top exposure). */
export const DESK_LIST_SIZE = 10;
/** Minutes of fills the chart covers (one bar per minute, the current one included). */
export const DESK_FILL_MINUTES = 60;
/** The operator socket: the back office's own, apart from the traders' `/v1/ws`. */
export const ADMIN_WS_PATH = '/api/admin/ws';
/** The one topic of the operator socket. */
export const DESK_TOPIC = 'DESK';

/**
 * The house accounts whose entries are the house's realised P&L (docs/dealing-desk.md):
 * the B-book trading result, fees, the markup on A-book fills, overnight financing and
 * written-off shortfalls.
 * Deposits, withdrawals, provider settlement, adjustments and demo money are not P&L.
 */
export const HOUSE_PNL_ACCOUNTS = [
  'client_pnl',
  'fee_revenue',
  'spread_revenue',
  'financing',
  'commission_revenue',
  'negative_balance_writeoff',
] as const;
export type HousePnlAccount = (typeof HOUSE_PNL_ACCOUNTS)[number];

/** Who runs the desk: admin and finance (no dealing role exists; docs/dealing-desk.md). */
const DESK_ROLES = ROLES.finance;

/** An IANA time zone as the zone database spells it (`Europe/London`, `UTC`); empty is UTC. */
export const deskTimeZoneField = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? DEFAULT_TIME_ZONE : v),
  timeZoneField,
);

export const DeskExposureSchema = z.object({
  instrument_id: z.number().int(),
  code: z.string(),
  /** Open positions on it (real accounts). */
  positions: z.number().int(),
  /** Σ lots of the clients' buys and sells, and long − short. */
  long_lots: z.string(),
  short_lots: z.string(),
  net_lots: z.string(),
  /** notionalUsd of the long and short lots at the mid price now; net = long − short. */
  long_usd: z.number(),
  short_usd: z.number(),
  net_usd: z.number(),
  /** Of those lots, the ones opened at the liquidity provider (A-book). */
  a_book_long_lots: z.string(),
  a_book_short_lots: z.string(),
  /** Net lots the house carries itself: net_lots minus the A-book's net. */
  b_book_net_lots: z.string(),
  /**
   * The house's unrealised P&L on its B-book side: −Σ the clients' floating profit of the
   * positions not opened at the provider. Positive: the clients are losing to the house.
   */
  house_pnl_usd: z.number(),
  /** False when no live quote or USD rate prices it now (its USD figures are then 0). */
  priced: z.boolean(),
});
export type DeskExposure = z.infer<typeof DeskExposureSchema>;

/** One real account with open positions, as the short lists show it. */
export const DeskAccountSchema = z.object({
  user_id: z.number().int(),
  uid: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  positions: z.number().int(),
  balance: z.number(),
  equity: z.number(),
  used_margin: z.number(),
  /** Equity ÷ used margin × 100, 2 decimals (accountMarginLevel). */
  margin_level: z.number().nullable(),
  /** Σ the positions' floating profit (the client's, not the house's). */
  floating_pnl: z.number(),
  /** Σ notionalUsd of its open lots, long and short alike. */
  notional_usd: z.number(),
});
export type DeskAccount = z.infer<typeof DeskAccountSchema>;

/** Positions opened and closed during one minute. */
export const DeskFillsSchema = z.object({
  /** The minute's start, epoch ms. */
  minute: z.number().int(),
  opened: z.number().int(),
  closed: z.number().int(),
});
export type DeskFills = z.infer<typeof DeskFillsSchema>;

export const DeskRealizedSchema = z.object({
  /** 00:00 today in `time_zone`, epoch ms: the entries counted are from then on. */
  since: z.number().int(),
  time_zone: z.string(),
  /** Σ the house accounts' entries (positive: the house earned). */
  total_usd: z.number(),
  accounts: z.array(z.object({ account: z.enum(HOUSE_PNL_ACCOUNTS), amount_usd: z.number() })),
});
export type DeskRealized = z.infer<typeof DeskRealizedSchema>;

export const DeskSnapshotSchema = z.object({
  /** When it was computed, epoch ms. */
  at: z.number().int(),
  /** The operators' levels (settings), for colouring margin levels. */
  stop_out_level: z.number(),
  margin_call_level: z.number(),
  /** By |net_usd| descending. */
  exposure: z.array(DeskExposureSchema),
  totals: z.object({
    positions: z.number().int(),
    accounts: z.number().int(),
    house_pnl_usd: z.number(),
    net_usd: z.number(),
  }),
  realized: DeskRealizedSchema,
  /** Margin level ascending (the nearest to a stop-out first). */
  nearest_stop_out: z.array(DeskAccountSchema),
  /** Floating profit descending. */
  top_profit: z.array(DeskAccountSchema),
  /** Notional descending. */
  top_exposure: z.array(DeskAccountSchema),
  /** The last DESK_FILL_MINUTES minutes, oldest first. */
  fills: z.array(DeskFillsSchema),
  /** What waits at the liquidity provider (docs/dealing-desk.md "At the provider"). */
  provider: z.object({
    /** Covers not filled yet: positions closed here the house still holds there. */
    covers_waiting: z.number().int(),
    /** Fills the provider made that are not on the books and nobody marked handled yet. */
    unbooked_open: z.number().int(),
  }),
});
export type DeskSnapshot = z.infer<typeof DeskSnapshotSchema>;

/** GET /api/admin/desk — one snapshot of the desk; `tz` decides where "today" starts. */
export const adminDeskEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/desk',
  input: z.object({ tz: deskTimeZoneField }),
  output: DeskSnapshotSchema,
  ...operatorAccess(DESK_ROLES),
});

/** What an operator page sends on `ADMIN_WS_PATH` (docs/api.md "Operator socket"). */
export const DeskClientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('login'), token: z.string().max(512) }),
  z.object({ type: z.literal('logout') }),
  z.object({ type: z.literal('sub'), topic: z.literal(DESK_TOPIC), tz: z.string().max(64).optional() }),
  z.object({ type: z.literal('unsub'), topic: z.literal(DESK_TOPIC) }),
  z.object({ type: z.literal('ping') }),
]);
export type DeskClientMessage = z.infer<typeof DeskClientMessageSchema>;

/** What the operator socket sends. `code` of a refused login: 999, 2003 or 2028. */
export type DeskServerMessage =
  | { type: 'login_result'; code: number; msg: string }
  | { type: 'pong' }
  | { type: 'push'; topic: typeof DESK_TOPIC; seq: number; data: DeskSnapshot }
  | { type: 'error'; msg: string };
