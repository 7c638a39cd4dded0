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
  type SocketConstructor,
  type SocketLike,
  type TopicData,
} from './socket-types';

export type {
  ConnectionState,
  LiveSocketOptions,
  SocketConstructor,
  SocketLike,
  TopicData,
} from './socket-types';

/**
 * The live socket of spec §4/§9 and API-DECISIONS "Live socket messages": one connection
 * shared by the whole app, topics reference-counted so several components can listen to
 * the same one, heartbeat, reconnect with backoff, re-login and re-subscribe.
 *
 * It takes the WebSocket constructor as an option, so the tests drive it with the `ws`
 * package against a real server in Node.
 */

interface Subscription {
  fn: (data: unknown) => void;
}

type Timer = ReturnType<typeof setTimeout>;

export class LiveSocket {
  private readonly opts: Required<Omit<LiveSocketOptions, 'onLoginRejected' | 'onServerError'>> &
    Pick<LiveSocketOptions, 'onLoginRejected' | 'onServerError'>;
  private ws: SocketLike | null = null;
  private state: ConnectionState = 'idle';
  private readonly stateListeners = new Set<(state: ConnectionState) => void>();
  /** Every topic somebody listens to, with its listeners. */
  private readonly topics = new Map<string, Set<Subscription>>();
  /** Topics subscribed on the current connection. */
  private readonly serverTopics = new Set<string>();
  private loggedIn = false;
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
    return this.state;
  }

  onStateChange(fn: (state: ConnectionState) => void): () => void {
    this.stateListeners.add(fn);
    return () => this.stateListeners.delete(fn);
  }

  /**
   * Listens to a topic. The first listener subscribes on the server, the last one to
   * leave unsubscribes. Returns the function that removes this listener.
   */
  subscribe<T extends Topic>(topic: T, fn: (data: TopicData<T>) => void): () => void {
    const name = canonical(topic);
    const sub: Subscription = { fn: fn as (data: unknown) => void };
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
      if (this.serverTopics.delete(name)) this.send({ type: 'unsub', topic: name });
    };
  }

  /** A new session: log the open connection in (private topics follow on success). */
  login(token: string): void {
    this.loggedIn = false;
    this.send({ type: 'login', token });
  }

  /** Logout (spec §4): private topics are unsubscribed and the socket logged out. */
  logout(): void {
    for (const name of [...this.serverTopics]) {
      if (!isPrivate(name)) continue;
      this.serverTopics.delete(name);
      this.send({ type: 'unsub', topic: name });
    }
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
    this.setState('closed');
  }

  // ---- connection ---------------------------------------------------------------

  private connect(): void {
    this.setState(this.state === 'idle' || this.state === 'closed' ? 'connecting' : 'reconnecting');
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
    this.setState('open');
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
      // has not noticed yet (spec §9).
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
        const subs = this.topics.get(canonical(message.topic));
        if (!subs) return;
        for (const sub of [...subs]) sub.fn(message.data);
        return;
      }
      case 'error':
        this.opts.onServerError?.(message.msg);
        return;
    }
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
    if (this.started) this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    this.setState('reconnecting');
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
    this.send({ type: 'sub', topic: name });
  }

  private isOpen(): boolean {
    return this.ws !== null && this.ws.readyState === OPEN;
  }

  private send(message: ClientMessage): void {
    if (!this.isOpen()) return;
    this.ws!.send(JSON.stringify(message));
  }

  private setState(state: ConnectionState): void {
    if (this.state === state) return;
    this.state = state;
    for (const fn of this.stateListeners) fn(state);
  }

  private clearTimer(name: 'connectTimer' | 'reconnectTimer'): void {
    const timer = this[name];
    if (timer) clearTimeout(timer);
    this[name] = null;
  }
}
