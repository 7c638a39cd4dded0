import {
  WS_CONNECT_TIMEOUT_MS,
  WS_HEARTBEAT_MS,
  WS_MAX_MISSED_PONGS,
  type ClientMessage,
  type ServerMessage,
  type Topic,
} from '@pipwise/shared';
import {
  canonical,
  isPrivate,
  OPEN,
  type ConnectionState,
  type LiveSocketOptions,
  type ResyncHandler,
  type SocketConstructor,
  type SocketLike,
  type SubscribeOptions,
  type TopicData,
} from './socket-types';

export type {
  ConnectionState,
  LiveSocketOptions,
  ResyncHandler,
  SocketConstructor,
  SocketLike,
  SubscribeOptions,
  TopicData,
} from './socket-types';

/**
 * The live socket of docs/product.md §4/§9 and docs/api.md "Live socket": one connection
 * shared by the whole app, topics reference-counted so several components can listen to
 * the same one, heartbeat, reconnect with backoff, re-login and re-subscribe.
 *
 * Gap-free (docs/api.md "Live socket"): every push carries `seq`, +1 per message of its
 * topic. The first push after a (re)subscribe is the starting point; a jump, a `resync`
 * message or a reconnect calls the topic's resync handlers, which fetch the snapshot
 * again, and the state reads `resyncing` until they settle.
 *
 * It takes the WebSocket constructor as an option, so the tests drive it with the `ws`
 * package against a real server in Node, or with a fake socket.
 */

interface Subscription {
  fn: (data: unknown) => void;
  onResync?: ResyncHandler;
}

/** The state of the line itself; `resyncing` is derived from it (see getState). */
type LinkState = Exclude<ConnectionState, 'resyncing'>;

type Timer = ReturnType<typeof setTimeout>;

export class LiveSocket {
  private readonly opts: Required<Omit<LiveSocketOptions, 'onLoginRejected' | 'onServerError'>> &
    Pick<LiveSocketOptions, 'onLoginRejected' | 'onServerError'>;
  private ws: SocketLike | null = null;
  private link: LinkState = 'idle';
  /** The state last told to the listeners. */
  private shownState: ConnectionState = 'idle';
  private readonly stateListeners = new Set<(state: ConnectionState) => void>();
  /** Every topic somebody listens to, with its listeners. */
  private readonly topics = new Map<string, Set<Subscription>>();
  /** Topics subscribed on the current connection. */
  private readonly serverTopics = new Set<string>();
  private loggedIn = false;
  /** The last `seq` seen per topic on this subscription; absent until its first push. */
  private readonly lastSeq = new Map<string, number>();
  /** Topics whose resync handlers are running, and those to run once more after. */
  private readonly resyncing = new Set<string>();
  private readonly resyncAgain = new Set<string>();
  /** After a reconnect: topics to resync as soon as they are subscribed again. */
  private owedResync = new Set<string>();
  private hasOpened = false;
  private missedPongs = 0;
  private attempt = 0;
  private started = false;
  private heartbeatTimer: Timer | null = null;
  private connectTimer: Timer | null = null;
  private reconnectTimer: Timer | null = null;

  constructor(options: LiveSocketOptions) {
    // Typed as possibly absent: Node before 22 has no global WebSocket.
    const Impl: SocketConstructor | undefined = options.WebSocketImpl ?? globalThis.WebSocket;
    if (!Impl) throw new Error('LiveSocket needs a WebSocket implementation');
    this.opts = {
      WebSocketImpl: Impl,
      getToken: () => null,
      heartbeatMs: WS_HEARTBEAT_MS,
      maxMissedPongs: WS_MAX_MISSED_PONGS,
      connectTimeoutMs: WS_CONNECT_TIMEOUT_MS,
      backoff: { initialMs: 1_000, maxMs: 15_000 },
      random: Math.random,
      ...options,
    };
  }

  /** Opens the connection once; later calls do nothing (spec: initialised on navigation). */
  init(): void {
    if (this.started) return;
    this.started = true;
    this.connect();
  }

  getState(): ConnectionState {
    return this.link === 'open' && this.resyncing.size > 0 ? 'resyncing' : this.link;
  }

  onStateChange(fn: (state: ConnectionState) => void): () => void {
    this.stateListeners.add(fn);
    return () => this.stateListeners.delete(fn);
  }

  /**
   * Listens to a topic. The first listener subscribes on the server, the last one to
   * leave unsubscribes. `onResync` fetches again what this listener shows, when pushes of
   * the topic may have been missed. Returns the function that removes this listener.
   */
  subscribe<T extends Topic>(
    topic: T,
    fn: (data: TopicData<T>) => void,
    options: SubscribeOptions = {},
  ): () => void {
    const name = canonical(topic);
    const sub: Subscription = { fn: fn as (data: unknown) => void, onResync: options.onResync };
    let subs = this.topics.get(name);
    if (!subs) {
      subs = new Set();
      this.topics.set(name, subs);
    }
    subs.add(sub);
    if (subs.size === 1) this.serverSubscribe(name);

    let active = true;
    return () => {
      if (!active) return;
      active = false;
      const current = this.topics.get(name);
      if (!current) return;
      current.delete(sub);
      if (current.size > 0) return;
      this.topics.delete(name);
      this.lastSeq.delete(name);
      this.owedResync.delete(name);
      if (this.serverTopics.delete(name)) this.send({ type: 'unsub', topic: name });
    };
  }

  /** A new session: log the open connection in (private topics follow on success). */
  login(token: string): void {
    this.loggedIn = false;
    // The server drops a socket's private topics when it logs in again: subscribe anew.
    this.forgetPrivateTopics();
    this.send({ type: 'login', token });
  }

  /** Logout (docs/product.md §4): private topics are unsubscribed and the socket logged out. */
  logout(): void {
    for (const name of this.forgetPrivateTopics()) this.send({ type: 'unsub', topic: name });
    this.loggedIn = false;
    this.send({ type: 'logout' });
  }

  /** Retries at once instead of waiting for the backoff (the browser came back online). */
  reconnectNow(): void {
    if (!this.started || this.ws) return;
    this.clearTimer('reconnectTimer');
    this.attempt = 0;
    this.connect();
  }

  /** Closes for good: no reconnect. */
  close(): void {
    this.started = false;
    this.clearTimer('reconnectTimer');
    if (this.ws) this.drop(this.ws);
    this.setLink('closed');
  }

  // ---- connection ---------------------------------------------------------------

  private connect(): void {
    this.setLink(this.link === 'idle' || this.link === 'closed' ? 'connecting' : 'reconnecting');
    let ws: SocketLike;
    try {
      const { url } = this.opts;
      ws = new this.opts.WebSocketImpl(typeof url === 'function' ? url() : url);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.ws = ws;
    // A socket that hangs in CONNECTING (captive portal, dead proxy) is given up.
    this.connectTimer = setTimeout(() => {
      if (this.ws === ws && ws.readyState !== OPEN) this.drop(ws);
    }, this.opts.connectTimeoutMs);

    ws.onopen = () => {
      if (this.ws === ws) this.handleOpen();
    };
    ws.onmessage = (event) => {
      if (this.ws === ws) this.handleMessage(event.data);
    };
    ws.onclose = () => {
      if (this.ws === ws) this.drop(ws);
    };
    ws.onerror = () => {
      if (this.ws === ws) this.drop(ws);
    };
  }

  private handleOpen(): void {
    this.clearTimer('connectTimer');
    this.attempt = 0;
    this.missedPongs = 0;
    this.loggedIn = false;
    this.serverTopics.clear();
    this.lastSeq.clear();
    // Whatever was pushed while the line was down is lost: every topic listened to fetches
    // its snapshot again once it is subscribed anew (the first connection has nothing to
    // catch up on: its listeners have just loaded).
    this.owedResync = this.hasOpened ? new Set(this.topics.keys()) : new Set();
    this.hasOpened = true;
    this.setLink('open');
    const token = this.opts.getToken();
    if (token) this.send({ type: 'login', token });
    // Public topics at once; private ones wait for login_result, or the server refuses them.
    for (const name of this.topics.keys()) this.serverSubscribe(name);
    this.heartbeatTimer = setInterval(() => this.beat(), this.opts.heartbeatMs);
  }

  private beat(): void {
    if (!this.ws) return;
    if (this.missedPongs > this.opts.maxMissedPongs) {
      // More than maxMissedPongs pings unanswered: the connection is dead even if TCP
      // has not noticed yet (docs/product.md §9).
      this.drop(this.ws);
      return;
    }
    this.missedPongs += 1;
    this.send({ type: 'ping' });
  }

  private handleMessage(raw: unknown): void {
    let message: ServerMessage;
    try {
      message = JSON.parse(typeof raw === 'string' ? raw : String(raw)) as ServerMessage;
    } catch {
      return; // not ours to crash on
    }
    switch (message.type) {
      case 'pong':
        this.missedPongs = 0;
        return;
      case 'login_result':
        if (message.code === 1) {
          this.loggedIn = true;
          for (const name of this.topics.keys()) this.serverSubscribe(name);
        } else {
          this.loggedIn = false;
          this.opts.onLoginRejected?.(message.msg);
        }
        return;
      case 'push': {
        const name = canonical(message.topic);
        const subs = this.topics.get(name);
        if (!subs) return;
        const missed = this.missedBefore(name, message.seq);
        for (const sub of [...subs]) sub.fn(message.data);
        // This push is newer than anything missed: shown first, then the snapshot follows.
        if (missed) this.resync(name);
        return;
      }
      case 'resync':
        // Lost for everyone (a gap between server instances): every subscribed topic.
        for (const name of [...this.serverTopics]) this.resync(name);
        return;
      case 'error':
        this.opts.onServerError?.(message.msg);
        return;
    }
  }

  /**
   * Reads a push's `seq` against the topic's last one: true when pushes were missed. The
   * first push after a subscribe is the starting point; the same number again is the
   * board a subscribe brings (numbered as the last push); a smaller one means the
   * numbering started again, which cannot be trusted to be complete either.
   */
  private missedBefore(name: string, seq: unknown): boolean {
    if (typeof seq !== 'number' || !Number.isSafeInteger(seq)) return false;
    const last = this.lastSeq.get(name);
    if (last === seq) return false;
    this.lastSeq.set(name, seq);
    return last !== undefined && seq !== last + 1;
  }

  /**
   * Runs a topic's resync handlers. One run per topic at a time: a gap seen meanwhile
   * runs them once more when it settles, so the snapshot is never older than the gap.
   */
  private resync(name: string): void {
    if (this.resyncing.has(name)) {
      this.resyncAgain.add(name);
      return;
    }
    const handlers = [...(this.topics.get(name) ?? [])].flatMap((sub) => sub.onResync ?? []);
    if (handlers.length === 0) return;
    this.resyncing.add(name);
    this.emitState();
    // A handler that throws counts as settled, as one whose promise rejects.
    const runs = handlers.map((handler) => new Promise((resolve) => resolve(handler())));
    void Promise.allSettled(runs).then(() => {
      this.resyncing.delete(name);
      if (this.resyncAgain.delete(name) && this.topics.has(name)) this.resync(name);
      this.emitState();
    });
  }

  /** Forgets a connection and, unless closed for good, schedules the next one. */
  private drop(ws: SocketLike): void {
    ws.onopen = ws.onmessage = ws.onclose = null;
    // Not null: closing a socket still in CONNECTING reports an error afterwards, and an
    // EventEmitter-based socket (ws in Node) throws on an error nobody listens to.
    ws.onerror = () => {};
    try {
      ws.close();
    } catch {
      // closing a socket that never opened may throw; it is gone either way
    }
    if (this.ws === ws) this.ws = null;
    this.clearTimer('connectTimer');
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    this.heartbeatTimer = null;
    this.loggedIn = false;
    this.serverTopics.clear();
    this.lastSeq.clear();
    if (this.started) this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    this.setLink('reconnecting');
    const { initialMs, maxMs } = this.opts.backoff;
    const base = Math.min(maxMs, initialMs * 2 ** this.attempt);
    // ±20% jitter so a server restart is not hit by every client in the same millisecond.
    const delay = Math.round(base * (0.8 + 0.4 * this.opts.random()));
    this.attempt += 1;
    this.clearTimer('reconnectTimer');
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (this.started && !this.ws) this.connect();
    }, delay);
  }

  // ---- helpers ------------------------------------------------------------------

  private serverSubscribe(name: string): void {
    if (this.serverTopics.has(name) || !this.isOpen()) return;
    if (isPrivate(name) && !this.loggedIn) return;
    this.serverTopics.add(name);
    // A new subscription is numbered from its first push.
    this.lastSeq.delete(name);
    this.send({ type: 'sub', topic: name });
    // Subscribed first, fetched second: nothing falls between the snapshot and the pushes.
    if (this.owedResync.delete(name)) this.resync(name);
  }

  /** Private topics are no longer subscribed on the server; returns which they were. */
  private forgetPrivateTopics(): string[] {
    const names = [...this.serverTopics].filter((name) => isPrivate(name));
    for (const name of names) {
      this.serverTopics.delete(name);
      this.lastSeq.delete(name);
    }
    return names;
  }

  private isOpen(): boolean {
    return this.ws !== null && this.ws.readyState === OPEN;
  }

  private send(message: ClientMessage): void {
    if (!this.isOpen()) return;
    this.ws!.send(JSON.stringify(message));
  }

  private setLink(link: LinkState): void {
    this.link = link;
    this.emitState();
  }

  private emitState(): void {
    const state = this.getState();
    if (this.shownState === state) return;
    this.shownState = state;
    for (const fn of this.stateListeners) fn(state);
  }

  private clearTimer(name: 'connectTimer' | 'reconnectTimer'): void {
    const timer = this[name];
    if (timer) clearTimeout(timer);
    this[name] = null;
  }
}
