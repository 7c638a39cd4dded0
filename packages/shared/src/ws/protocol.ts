import { z } from 'zod';
import { PERIODS, type Period } from '../domain/market.js';

/**
 * The live socket protocol of `/v1/ws` (API-DECISIONS "Live socket messages"):
 * JSON text frames, a `type` on every message.
 */

export const WS_PATH = '/v1/ws';

export const PUBLIC_TOPICS = ['DAY_MARKET'] as const;
export const PRIVATE_TOPICS = ['FOREX_TRADE', 'FOREX_CLOSED'] as const;

export type Topic = 'DAY_MARKET' | 'FOREX_TRADE' | 'FOREX_CLOSED' | `KLINE.${string}`;

export type ParsedTopic =
  | { kind: 'DAY_MARKET' }
  | { kind: 'FOREX_TRADE' }
  | { kind: 'FOREX_CLOSED' }
  | { kind: 'KLINE'; code: string; period: Period };

const PERIOD_SET: ReadonlySet<string> = new Set(PERIODS);

/**
 * Reads a topic name. `KLINE.<Code>` without a period means 1min.
 * Returns null for anything that is not a topic of the protocol.
 */
export function parseTopic(topic: string): ParsedTopic | null {
  if (topic === 'DAY_MARKET' || topic === 'FOREX_TRADE' || topic === 'FOREX_CLOSED') {
    return { kind: topic };
  }
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
  return t.kind === 'FOREX_TRADE' || t.kind === 'FOREX_CLOSED';
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

export type ServerMessage =
  | { type: 'login_result'; code: number; msg: string }
  | { type: 'pong' }
  | { type: 'push'; topic: 'DAY_MARKET'; data: QuotePush[] }
  | { type: 'push'; topic: `KLINE.${string}`; data: CandlePush }
  | { type: 'push'; topic: 'FOREX_TRADE' | 'FOREX_CLOSED'; data: unknown }
  | { type: 'error'; msg: string };
