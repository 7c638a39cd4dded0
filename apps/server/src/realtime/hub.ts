import {
  ClientMessageSchema,
  isPrivateTopic,
  parseTopic,
  topicName,
  ResultCode,
  type ClientMessage,
  type Lang,
  type ServerMessage,
} from '@pipwise/shared';
import type { RawData, WebSocket } from 'ws';
import type { Translator } from '../http/i18n.js';
import type { SessionService } from '../modules/auth/session.service.js';
import type { MarketService } from '../modules/market/market.service.js';
import { SocketClient } from './client.js';

/** The private topics of a logged-in socket. */
export type UserTopic = 'FOREX_TRADE' | 'FOREX_CLOSED';

export interface HubOptions {
  /** How often coalesced pushes are sent. */
  flushMs: number;
  /** A client whose socket holds more unsent bytes than this is skipped until it drains. */
  maxBufferedBytes: number;
  /** A client silent for longer than this (no ping) is disconnected. */
  idleTimeoutMs: number;
  now?: () => number;
}

export const DEFAULT_HUB_OPTIONS: HubOptions = {
  flushMs: 250,
  maxBufferedBytes: 256 * 1024,
  idleTimeoutMs: 30_000,
};

/**
 * The live socket hub: topics, login, heartbeat and coalesced pushes (API-DECISIONS
 * "Live socket messages"). Producers mark what changed; a flush loop sends each client
 * only the latest state of what it subscribed to.
 */
export class Hub {
  private readonly clients = new Set<SocketClient>();
  private readonly providers = new Map<UserTopic, (userId: number) => unknown>();
  /** Sockets by topic, so a push or a tick never walks every socket. */
  private readonly subscribers = new Map<string, Set<SocketClient>>();
  /** Logged-in sockets by user, so a user's push never walks every socket. */
  private readonly byUser = new Map<number, Set<SocketClient>>();
  private timer: NodeJS.Timeout | undefined;
  private readonly now: () => number;

  constructor(
    private readonly market: MarketService,
    private readonly sessions: SessionService,
    private readonly t: Translator,
    private readonly options: HubOptions = DEFAULT_HUB_OPTIONS,
  ) {
    this.now = options.now ?? Date.now;
    market.events.on('quotes', (ids) => {
      for (const client of this.subscribers.get('DAY_MARKET') ?? []) {
        for (const id of ids) client.dirtyQuotes.add(id);
      }
    });
  }

  start(): void {
    this.timer = setInterval(() => this.flush(), this.options.flushMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    for (const client of this.clients) client.socket.close(1001, 'server shutting down');
    this.clients.clear();
    this.byUser.clear();
    this.subscribers.clear();
  }

  get size(): number {
    return this.clients.size;
  }

  attach(socket: WebSocket, lang: Lang): void {
    const client = new SocketClient(socket, lang, this.now());
    this.clients.add(client);
    socket.on('message', (raw, isBinary) => {
      client.lastSeen = this.now();
      void this.onMessage(client, isBinary ? null : rawToText(raw));
    });
    socket.on('close', () => this.detach(client));
    socket.on('error', () => this.detach(client));
  }

  /** Queues the latest payload of a topic for every subscriber (latest wins). */
  publish(topic: string, data: unknown): void {
    for (const client of this.subscribers.get(topic) ?? []) client.pending.set(topic, data);
  }

  /**
   * Topics starting with `prefix` that at least one socket subscribes to, read from the
   * subscriber index, so producers build payloads (candles …) only for what someone watches.
   */
  subscribedTopics(prefix: string): Set<string> {
    const topics = new Set<string>();
    for (const topic of this.subscribers.keys()) if (topic.startsWith(prefix)) topics.add(topic);
    return topics;
  }

  /**
   * Names the function that builds a private topic's payload for a user. Payloads are built
   * at flush time, once per user and flush, however many ticks marked the user dirty.
   */
  setUserTopicProvider(topic: UserTopic, provider: (userId: number) => unknown): void {
    this.providers.set(topic, provider);
  }

  /** The user's private state on `topic` changed: their sockets get a fresh payload. */
  markUserDirty(userId: number, topic: UserTopic): void {
    for (const client of this.byUser.get(userId) ?? []) {
      if (client.topics.has(topic)) client.dirtyPrivate.add(topic);
    }
  }

  /** An event every one of the user's sockets must see (not coalesced, but capped). */
  pushEvent(userId: number, topic: UserTopic, data: unknown): void {
    for (const client of this.byUser.get(userId) ?? []) {
      if (client.topics.has(topic)) client.queueEvent(topic, data);
    }
  }

  private async onMessage(client: SocketClient, raw: string | null): Promise<void> {
    let json: unknown;
    try {
      json = raw === null ? undefined : JSON.parse(raw);
    } catch {
      json = undefined;
    }
    if (json === undefined) return this.error(client, 'errors.ws_bad_json');
    const parsed = ClientMessageSchema.safeParse(json);
    if (!parsed.success) return this.error(client, 'errors.ws_unknown_type');
    await this.handle(client, parsed.data);
  }

  private async handle(client: SocketClient, message: ClientMessage): Promise<void> {
    switch (message.type) {
      case 'ping':
        return client.send({ type: 'pong' });
      case 'login': {
        const session = await this.sessions.resolve(message.token);
        if (!session) {
          client.send({
            type: 'login_result',
            code: ResultCode.SessionExpired,
            msg: this.msg(client, 'errors.ws_bad_token'),
          });
          return;
        }
        this.setUser(client, session.userId);
        client.token = message.token;
        return client.send({ type: 'login_result', code: ResultCode.Success, msg: '' });
      }
      case 'logout':
        this.setUser(client, null);
        client.token = null;
        for (const topic of client.topics) {
          const parsed = parseTopic(topic);
          if (parsed && isPrivateTopic(parsed)) this.unsubscribe(client, topic);
        }
        return;
      case 'sub':
        return this.subscribe(client, message.topic);
      case 'unsub': {
        const parsed = parseTopic(message.topic);
        if (parsed) this.unsubscribe(client, topicName(parsed));
        return;
      }
    }
  }

  private subscribe(client: SocketClient, rawTopic: string): void {
    const parsed = parseTopic(rawTopic);
    if (!parsed || (parsed.kind === 'KLINE' && !this.market.instrumentByCode(parsed.code))) {
      return this.error(client, 'errors.ws_unknown_topic');
    }
    if (isPrivateTopic(parsed) && client.userId === null)
      return this.error(client, 'errors.ws_login_required');
    const topic = topicName(parsed);
    client.topics.add(topic);
    const subscribers = this.subscribers.get(topic) ?? new Set<SocketClient>();
    subscribers.add(client);
    this.subscribers.set(topic, subscribers);
    // A new DAY_MARKET subscriber gets the whole board at once, then only changes.
    if (topic === 'DAY_MARKET') client.send({ type: 'push', topic, data: this.market.allQuotePushes() });
  }

  private unsubscribe(client: SocketClient, topic: string): void {
    client.topics.delete(topic);
    const subscribers = this.subscribers.get(topic);
    subscribers?.delete(client);
    if (subscribers?.size === 0) this.subscribers.delete(topic);
    client.pending.delete(topic);
    client.dirtyPrivate.delete(topic as UserTopic);
    if (topic === 'DAY_MARKET') client.dirtyQuotes.clear();
  }

  /** Sends what each client has pending, skipping clients that have not drained. */
  flush(): void {
    const now = this.now();
    // A user with several sockets gets one payload built per flush.
    const built = new Map<string, unknown>();
    for (const client of this.clients) {
      if (now - client.lastSeen > this.options.idleTimeoutMs) {
        client.socket.terminate();
        this.detach(client);
        continue;
      }
      if (!client.hasPending() || client.socket.bufferedAmount > this.options.maxBufferedBytes) continue;
      if (client.dirtyQuotes.size > 0) {
        const data = [...client.dirtyQuotes].flatMap((id) => this.market.quotePush(id) ?? []);
        client.dirtyQuotes.clear();
        client.send({ type: 'push', topic: 'DAY_MARKET', data });
      }
      for (const [topic, data] of client.pending) {
        client.send({ type: 'push', topic, data } as ServerMessage);
      }
      client.pending.clear();
      for (const topic of client.dirtyPrivate) {
        const provider = this.providers.get(topic);
        if (provider && client.userId !== null) {
          const key = `${topic}:${client.userId}`;
          if (!built.has(key)) built.set(key, provider(client.userId));
          client.send({ type: 'push', topic, data: built.get(key) });
        }
      }
      client.dirtyPrivate.clear();
      for (const event of client.events) client.send({ type: 'push', topic: event.topic, data: event.data });
      client.events.length = 0;
    }
  }

  private setUser(client: SocketClient, userId: number | null): void {
    if (client.userId !== null) {
      const sockets = this.byUser.get(client.userId);
      sockets?.delete(client);
      if (sockets?.size === 0) this.byUser.delete(client.userId);
    }
    client.userId = userId;
    if (userId !== null) {
      const sockets = this.byUser.get(userId) ?? new Set<SocketClient>();
      sockets.add(client);
      this.byUser.set(userId, sockets);
    }
  }

  private detach(client: SocketClient): void {
    this.setUser(client, null);
    for (const topic of [...client.topics]) this.unsubscribe(client, topic);
    this.clients.delete(client);
  }

  private msg(client: SocketClient, key: string): string {
    return this.t(client.lang, key);
  }

  private error(client: SocketClient, key: string): void {
    client.send({ type: 'error', msg: this.msg(client, key) });
  }
}

/** A text frame's payload as a string, whichever buffer shape ws delivered it in. */
function rawToText(raw: RawData): string {
  if (Array.isArray(raw)) return Buffer.concat(raw).toString('utf8');
  if (Buffer.isBuffer(raw)) return raw.toString('utf8');
  return Buffer.from(new Uint8Array(raw)).toString('utf8');
}
