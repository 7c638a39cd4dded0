import {
  ClientMessageSchema,
  isPrivateTopic,
  parseTopic,
  topicName,
  ResultCode,
  type ClientMessage,
  type Lang,
  type CandlePush,
  type PrivateTopic,
  type PushMessage,
  type QuotePush,
} from '@pipwise/shared';
import type { WebSocket } from 'ws';
import type { Translator } from '../core/i18n.js';
import type { SessionRevocation, SessionService } from '../modules/auth/index.js';
import type { MarketService } from '../modules/market/index.js';
import { SocketClient } from './client.js';
import { closeEndedSession, listenForMessages } from './socket-session.js';

export { SESSION_ENDED_CLOSE_CODE } from './socket-session.js';

/** The private topics of a logged-in socket. */
export type UserTopic = PrivateTopic;

/** What a private topic's push carries, as the contract (`PushMessage`) says. */
export type UserPayload<T extends UserTopic> = Extract<PushMessage, { topic: T }>['data'];

export interface HubOptions {
  /** How often private live figures (FOREX_TRADE) are rebuilt and sent, at most. */
  flushMs: number;
  /** A socket holding more unsent bytes than this is skipped (it will see a `seq` jump). */
  maxBufferedBytes: number;
  /** A client silent for longer than this (no ping) is disconnected. */
  idleTimeoutMs: number;
  /**
   * How often logged-in sockets' sessions are checked against the database: the backstop
   * for revocations made by another instance (this one's arrive as events at once).
   */
  sessionCheckMs: number;
  now?: () => number;
  /** Where a failed session check or client message is reported (a check is retried at the next round). */
  onError?: (err: unknown) => void;
}

export const DEFAULT_HUB_OPTIONS: HubOptions = {
  flushMs: 250,
  maxBufferedBytes: 256 * 1024,
  idleTimeoutMs: 30_000,
  sessionCheckMs: 30_000,
};

/**
 * The live socket hub (docs/api.md "Live socket"): topics, login, heartbeat and pushes.
 * Public pushes (quotes, candles) and private events go out when they happen, each
 * serialised once for all its receivers and numbered per topic; live figures are rebuilt
 * per user at most every `flushMs`. A socket too slow to take a push is skipped, never
 * queued for.
 */
export class Hub {
  private readonly clients = new Set<SocketClient>();
  private readonly providers = new Map<UserTopic, (userId: number) => UserPayload<UserTopic> | null>();
  /** Sockets by topic, so a push or a tick never walks every socket. */
  private readonly subscribers = new Map<string, Set<SocketClient>>();
  /** Logged-in sockets by user, so a user's push never walks every socket. */
  private readonly byUser = new Map<number, Set<SocketClient>>();
  private timer: NodeJS.Timeout | undefined;
  private sessionTimer: NodeJS.Timeout | undefined;
  private checking = false;
  /**
   * Sessions ended lately, by when: a login whose session was read just before it ended
   * (the revocation committed while `resolve` was on its way) is refused on arrival.
   */
  private readonly recentlyEnded = new Map<number, number>();
  private readonly now: () => number;
  private readonly onRevoked = (revocation: SessionRevocation) => this.endSessions(revocation);
  /** The last `seq` of each public topic, and of each user's private topics. */
  private readonly topicSeq = new Map<string, number>();
  private readonly userSeq = new Map<number, Map<PrivateTopic, number>>();
  /** Pushes written and skipped (a slow socket), for the benchmarks. */
  readonly stats = { sent: 0, skipped: 0 };

  constructor(
    private readonly market: MarketService,
    private readonly sessions: SessionService,
    private readonly t: Translator,
    private readonly options: HubOptions = DEFAULT_HUB_OPTIONS,
  ) {
    this.now = options.now ?? Date.now;
    market.events.on('quotes', (ids) => {
      if (!this.subscribers.has('DAY_MARKET')) return;
      this.publish(
        'DAY_MARKET',
        ids.flatMap((id) => market.quotePush(id) ?? []),
      );
    });
    sessions.events.on('revoked', this.onRevoked);
  }

  start(): void {
    this.timer = setInterval(() => this.flush(), this.options.flushMs);
    this.timer.unref();
    this.sessionTimer = setInterval(() => void this.checkSessions(), this.options.sessionCheckMs);
    this.sessionTimer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    clearInterval(this.sessionTimer);
    this.sessions.events.off('revoked', this.onRevoked);
    this.disconnectAll();
  }

  /**
   * Closes every socket ("going away"), so the HTTP server, which counts upgraded sockets
   * among its connections, can finish closing: a shutdown with a trade screen open would
   * otherwise wait for the browser forever.
   */
  disconnectAll(): void {
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
    listenForMessages(socket, ClientMessageSchema, {
      heard: () => {
        client.lastSeen = this.now();
      },
      message: (message) => this.handle(client, message),
      refused: (key) => this.error(client, key),
      gone: () => this.detach(client),
      // A message that failed (the database away during a login): reported, never an
      // unhandled rejection, which would end the process.
      failed: (err) => this.options.onError?.(err),
    });
  }

  /** Sends a public topic's push to every subscriber now, serialised once. */
  publish(topic: 'DAY_MARKET', data: QuotePush[]): void;
  publish(topic: `KLINE.${string}`, data: CandlePush): void;
  publish(topic: string, data: QuotePush[] | CandlePush): void {
    const subscribers = this.subscribers.get(topic);
    if (!subscribers) return;
    const seq = (this.topicSeq.get(topic) ?? 0) + 1;
    this.topicSeq.set(topic, seq);
    this.broadcast(subscribers, JSON.stringify({ type: 'push', topic, seq, data }));
  }

  /**
   * Something may have been lost for everyone (a gap between servers): every socket is
   * told to re-fetch what it shows.
   */
  resyncAll(): void {
    this.broadcast(this.clients, JSON.stringify({ type: 'resync' }));
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
  setUserTopicProvider<T extends UserTopic>(
    topic: T,
    provider: (userId: number) => UserPayload<T> | null,
  ): void {
    this.providers.set(topic, provider);
  }

  /** The users with a logged-in socket here, and how many. */
  userIds(): Iterable<number> {
    return this.byUser.keys();
  }

  get userCount(): number {
    return this.byUser.size;
  }

  /** Whether the user has a logged-in socket here (producers skip work for nobody). */
  hasUser(userId: number): boolean {
    return this.byUser.has(userId);
  }

  /** The user's private state on `topic` changed: their sockets get a fresh payload. */
  markUserDirty(userId: number, topic: UserTopic): void {
    for (const client of this.byUser.get(userId) ?? []) {
      if (client.topics.has(topic)) client.dirtyPrivate.add(topic);
    }
  }

  /** An event of the user's (an order changed): sent now to each of their sockets on `topic`. */
  pushEvent<T extends UserTopic>(userId: number, topic: T, data: UserPayload<T>): void {
    const sockets = this.byUser.get(userId);
    if (!sockets) return;
    const receivers = [...sockets].filter((client) => client.topics.has(topic));
    if (receivers.length > 0) this.broadcast(receivers, this.userFrame(userId, topic, data));
  }

  /**
   * Writes one serialised frame to each socket that keeps up; the others are skipped. The
   * frame is encoded to UTF-8 once here, not once per socket by each socket's write.
   */
  private broadcast(clients: Iterable<SocketClient>, text: string): void {
    const frame = Buffer.from(text);
    for (const client of clients) {
      if (client.behind(this.options.maxBufferedBytes)) {
        this.stats.skipped += 1;
        continue;
      }
      client.sendFrame(frame);
      this.stats.sent += 1;
    }
  }

  /** A private push, numbered per user and topic. */
  private userFrame<T extends UserTopic>(userId: number, topic: T, data: UserPayload<T>): string {
    let seqs = this.userSeq.get(userId);
    if (!seqs) {
      seqs = new Map();
      this.userSeq.set(userId, seqs);
    }
    const seq = (seqs.get(topic) ?? 0) + 1;
    seqs.set(topic, seq);
    return JSON.stringify({ type: 'push', topic, seq, data });
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
        this.logOut(client);
        if (this.recentlyEnded.has(session.sessionId)) return this.endSession(client);
        this.setUser(client, session.userId);
        client.sessionId = session.sessionId;
        return client.send({ type: 'login_result', code: ResultCode.Success, msg: '' });
      }
      case 'logout':
        return this.logOut(client);
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
    // A new DAY_MARKET subscriber gets the whole board at once (numbered as the last push,
    // so the next change follows it), then only changes.
    if (topic === 'DAY_MARKET')
      client.send({
        type: 'push',
        topic,
        seq: this.topicSeq.get(topic) ?? 0,
        data: this.market.allQuotePushes(),
      });
  }

  private unsubscribe(client: SocketClient, topic: string): void {
    client.topics.delete(topic);
    const subscribers = this.subscribers.get(topic);
    subscribers?.delete(client);
    if (subscribers?.size === 0) this.subscribers.delete(topic);
    client.dirtyPrivate.delete(topic as UserTopic);
  }

  /**
   * Closes silent sockets, and sends each logged-in socket whose live figures changed a
   * fresh FOREX_TRADE (built once per user and flush, however many ticks moved it).
   */
  flush(): void {
    const now = this.now();
    const built = new Map<number, string>();
    for (const client of this.clients) {
      if (now - client.lastSeen > this.options.idleTimeoutMs) {
        client.socket.terminate();
        this.detach(client);
        continue;
      }
      if (client.dirtyPrivate.size === 0 || client.userId === null) continue;
      if (client.behind(this.options.maxBufferedBytes)) {
        this.stats.skipped += 1;
        continue;
      }
      for (const topic of client.dirtyPrivate) {
        const provider = this.providers.get(topic);
        if (!provider) continue;
        let frame = built.get(client.userId);
        if (frame === undefined) {
          const data = provider(client.userId);
          if (data === null || data === undefined) continue;
          frame = this.userFrame(client.userId, topic, data);
          built.set(client.userId, frame);
        }
        client.sendFrame(frame);
        this.stats.sent += 1;
      }
      client.dirtyPrivate.clear();
    }
  }

  /** When the user logs out everywhere, their numbering starts again. */
  private forgetUserSeq(userId: number): void {
    if (!this.byUser.has(userId)) this.userSeq.delete(userId);
  }

  /** Forgets the socket's login and drops its private topics; public ones stay. */
  private logOut(client: SocketClient): void {
    this.setUser(client, null);
    client.sessionId = null;
    for (const topic of [...client.topics]) {
      const parsed = parseTopic(topic);
      if (parsed && isPrivateTopic(parsed)) this.unsubscribe(client, topic);
    }
  }

  /**
   * Sessions ended (logout, password reset or change, freeze): the sockets logged in with
   * them are logged out, told so with `login_result` 999 (as a refused login), and closed.
   */
  private endSessions({ userId, sessionIds }: SessionRevocation): void {
    if (sessionIds !== 'all') for (const id of sessionIds) this.recentlyEnded.set(id, this.now());
    for (const client of [...(this.byUser.get(userId) ?? [])]) {
      if (sessionIds === 'all' || (client.sessionId !== null && sessionIds.includes(client.sessionId))) {
        this.endSession(client);
      }
    }
  }

  private endSession(client: SocketClient): void {
    this.logOut(client);
    closeEndedSession(client.socket, this.msg(client, 'errors.ws_session_ended'));
    this.detach(client);
  }

  /**
   * The backstop: asks the database, in batches, which of the logged-in sockets' sessions
   * still open the door, and ends the others (revoked by another instance, expired, or the
   * user frozen). Returns how many sockets it logged out.
   */
  async checkSessions(): Promise<number> {
    if (this.checking) return 0;
    this.checking = true;
    for (const [id, at] of this.recentlyEnded) {
      if (this.now() - at > this.options.sessionCheckMs) this.recentlyEnded.delete(id);
    }
    try {
      const held = new Set<number>();
      for (const client of this.clients) if (client.sessionId !== null) held.add(client.sessionId);
      if (held.size === 0) return 0;
      const live = await this.sessions.liveIds([...held]);
      let ended = 0;
      for (const client of [...this.clients]) {
        if (client.sessionId !== null && held.has(client.sessionId) && !live.has(client.sessionId)) {
          this.endSession(client);
          ended += 1;
        }
      }
      return ended;
    } catch (err) {
      // The database is away for a moment: the next round tries again.
      this.options.onError?.(err);
      return 0;
    } finally {
      this.checking = false;
    }
  }

  private setUser(client: SocketClient, userId: number | null): void {
    if (client.userId !== null) {
      const sockets = this.byUser.get(client.userId);
      sockets?.delete(client);
      if (sockets?.size === 0) this.byUser.delete(client.userId);
      this.forgetUserSeq(client.userId);
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
