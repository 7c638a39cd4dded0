import { z } from 'zod';
import type { Notice } from '../api/inbox.js';
import type { Order } from '../api/trading.js';
import { PERIODS, type Period } from '../domain/market.js';
import type { CloseReason } from '../domain/orders.js';

/**
 * The live socket protocol of `/v1/ws` (docs/api.md "Live socket"):
 * JSON text frames, a `type` on every message.
 */

export const WS_PATH = '/v1/ws';

export const PUBLIC_TOPICS = ['DAY_MARKET'] as const;
export const PRIVATE_TOPICS = ['FOREX_TRADE', 'FOREX_CLOSED', 'FOREX_ORDER', 'NOTICE'] as const;
export type PrivateTopic = (typeof PRIVATE_TOPICS)[number];

export type Topic = 'DAY_MARKET' | PrivateTopic | `KLINE.${string}`;

export type ParsedTopic =
  { kind: 'DAY_MARKET' } | { kind: PrivateTopic } | { kind: 'KLINE'; code: string; period: Period };

const PRIVATE_SET: ReadonlySet<string> = new Set(PRIVATE_TOPICS);

const PERIOD_SET: ReadonlySet<string> = new Set(PERIODS);

/**
 * Reads a topic name. `KLINE.<Code>` without a period means 1min.
 * Returns null for anything that is not a topic of the protocol.
 */
export function parseTopic(topic: string): ParsedTopic | null {
  if (topic === 'DAY_MARKET') return { kind: topic };
  if (PRIVATE_SET.has(topic)) return { kind: topic as PrivateTopic };
  const m = /^KLINE\.([A-Za-z0-9]{2,20})(?:\.([0-9a-z]+))?$/.exec(topic);
  if (!m) return null;
  const period = m[2] ?? '1min';
  if (!PERIOD_SET.has(period)) return null;
  return { kind: 'KLINE', code: m[1]!.toUpperCase(), period: period as Period };
}

/** The canonical name of a topic, so `KLINE.eurusd` and `KLINE.EURUSD.1min` are one. */
export function topicName(t: ParsedTopic): Topic {
  return t.kind === 'KLINE' ? `KLINE.${t.code}.${t.period}` : t.kind;
}

export function isPrivateTopic(t: ParsedTopic): boolean {
  return PRIVATE_SET.has(t.kind);
}

const topicField = z.string().min(1).max(64);

export const ClientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('login'), token: z.string().max(512) }),
  z.object({ type: z.literal('logout') }),
  z.object({ type: z.literal('sub'), topic: topicField }),
  z.object({ type: z.literal('unsub'), topic: topicField }),
  z.object({ type: z.literal('ping') }),
]);
export type ClientMessage = z.infer<typeof ClientMessageSchema>;

/** One instrument's quote as pushed on `DAY_MARKET`. */
export interface QuotePush {
  Id: number;
  Code: string;
  Bid: number;
  Ask: number;
  Open: number;
  Close: number;
  High: number;
  Low: number;
  Change: number;
  MarketStatus: 0 | 1;
  Time: number;
}

/** The forming candle pushed on `KLINE.<Code>.<period>`. */
export interface CandlePush {
  Time: number;
  Open: number;
  High: number;
  Low: number;
  Close: number;
  Volume: number;
}

/**
 * `FOREX_TRADE`: the logged-in user's live figures, at most a few times a second — every
 * figure of the account at once, sent after any change of it (a tick moving a position,
 * an order, and a balance-only change too: a deposit credited, a withdrawal held, paid or
 * released), so an app can show them all from this one message.
 */
export interface ForexTradePush {
  orders: { Id: number; UpdatePrice: number; FactProfits: number }[];
  all_fact_profits: number;
  balance: number;
  /** Held by pending withdrawals, USD (getBalance's `lock_balance`); not free margin. */
  lock_balance: number;
  equity: number;
  margin: number;
  free_margin: number;
  margin_level: number;
  risk_rate: number;
  margin_call: boolean;
}

/** `FOREX_CLOSED`: one position closed (or a pending order ended), never coalesced. */
export interface ForexClosedPush {
  Id: number;
  reason: CloseReason;
  FactProfits: number;
}

/**
 * What happened to an order: placed (pending), opened (market), filled (pending → open),
 * stops (TP/SL edited), repriced (a pending order moved to another price: `Price`),
 * swap (a rollover charged or paid its financing: `Swap` moved), reduced (part of the position closed: fewer lots, its margin, fee, commission, spread and
 * swap cut in proportion; the part closed comes as its own `closed` order), cancelled, closed.
 */
export type OrderEvent =
  'placed' | 'opened' | 'filled' | 'stops' | 'repriced' | 'swap' | 'reduced' | 'cancelled' | 'closed';

/** `FOREX_ORDER`: every state change of one of the user's orders, with the order as it is now. */
export interface ForexOrderPush {
  event: OrderEvent;
  order: Order;
}

/**
 * `NOTICE`: the inbox changed (docs/notifications.md "The inbox"): the unread count, and the
 * newest notice when one was just written (null when notices were only read).
 */
export interface NoticePush {
  unread: number;
  latest: Notice | null;
}

/**
 * Every push carries `seq`: +1 per message of that topic (public topics: for the whole
 * server; private ones: per user). A client that sees a jump missed something — it was
 * skipped while its connection was too slow, or a message was lost between servers — and
 * re-fetches a snapshot (docs/api.md "Live socket"). The first push after a subscribe sets
 * the starting point.
 */
export type PushMessage =
  | { type: 'push'; topic: 'DAY_MARKET'; seq: number; data: QuotePush[] }
  | { type: 'push'; topic: `KLINE.${string}`; seq: number; data: CandlePush }
  | { type: 'push'; topic: 'FOREX_TRADE'; seq: number; data: ForexTradePush }
  | { type: 'push'; topic: 'FOREX_CLOSED'; seq: number; data: ForexClosedPush }
  | { type: 'push'; topic: 'FOREX_ORDER'; seq: number; data: ForexOrderPush }
  | { type: 'push'; topic: 'NOTICE'; seq: number; data: NoticePush };

export type ServerMessage =
  | { type: 'login_result'; code: number; msg: string }
  | { type: 'pong' }
  | PushMessage
  /** Something may have been lost for every client (a server-to-server gap): re-fetch all. */
  | { type: 'resync' }
  | { type: 'error'; msg: string };
