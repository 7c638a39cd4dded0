import { isPrivateTopic, parseTopic, topicName, type ServerMessage, type Topic } from '@pipwise/shared';

/** The types the live socket client is built on, and the topic-name helpers it uses. */

// `{ m(ev): void }['m']` makes handler parameters bivariant, like the DOM's own typings,
// so both the browser WebSocket and `ws` fit this shape without casts.
type Handler<E> = { bivarianceHack(event: E): void }['bivarianceHack'];

/** What the client needs of a WebSocket: the browser's and `ws`'s both fit. */
export interface SocketLike {
  readonly readyState: number;
  onopen: Handler<unknown> | null;
  onmessage: Handler<{ data: unknown }> | null;
  onclose: Handler<unknown> | null;
  onerror: Handler<unknown> | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export type SocketConstructor = new (url: string) => SocketLike;

export const OPEN = 1;

/**
 * `resyncing`: the connection is open, but something was missed (a jump in `seq`, a
 * `resync` message, a reconnect) and the topics' snapshots are being fetched again.
 */
export type ConnectionState = 'idle' | 'connecting' | 'open' | 'resyncing' | 'reconnecting' | 'closed';

/**
 * Fetches again what a topic's listener shows (docs/api.md "Live socket": a client that
 * missed pushes re-fetches the snapshot). The socket shows `resyncing` until it settles.
 */
export type ResyncHandler = () => unknown;

export interface SubscribeOptions {
  /** Called when pushes of the topic may have been missed. */
  onResync?: ResyncHandler;
}

type Push = Extract<ServerMessage, { type: 'push' }>;

/**
 * The data a topic pushes, read from the shared protocol's `push` messages, so the app
 * never retypes a payload by hand: `TopicData<'FOREX_TRADE'>` is ForexTradePush,
 * `TopicData<'KLINE.EURUSD.1min'>` is CandlePush.
 */
export type TopicData<T extends Topic> = Push extends infer P
  ? P extends { topic: infer Name; data: infer Data }
    ? T extends Name
      ? Data
      : never
    : never
  : never;

export interface LiveSocketOptions {
  /** The socket URL, or a function read at each connect (so it follows the language). */
  url: string | (() => string);
  WebSocketImpl?: SocketConstructor;
  /** The stored session token, read on every (re)connect. */
  getToken?: () => string | null;
  heartbeatMs?: number;
  maxMissedPongs?: number;
  connectTimeoutMs?: number;
  /** Reconnect delay: initialMs doubled per failed attempt, up to maxMs. */
  backoff?: { initialMs: number; maxMs: number };
  /** A login was refused (expired token): the app may clear its session. */
  onLoginRejected?: (msg: string) => void;
  /** An `error` message from the server (bad topic …). */
  onServerError?: (msg: string) => void;
  /** Jitter source, injectable for deterministic tests. */
  random?: () => number;
}

/** Canonical topic name, so `KLINE.eurusd` and `KLINE.EURUSD.1min` share one subscription. */
export function canonical(topic: string): string {
  const parsed = parseTopic(topic);
  return parsed ? topicName(parsed) : topic;
}

export function isPrivate(topic: string): boolean {
  const parsed = parseTopic(topic);
  return parsed !== null && isPrivateTopic(parsed);
}
