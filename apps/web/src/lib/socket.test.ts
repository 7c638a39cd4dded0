/// <reference types="node" />
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { CandlePush, ForexClosedPush, ForexOrderPush, ForexTradePush, QuotePush } from '@pipwise/shared';
import { afterEach, describe, expect, expectTypeOf, it } from 'vitest';
import { WebSocket, WebSocketServer, type WebSocket as ServerSocket } from 'ws';
import {
  LiveSocket,
  type ConnectionState,
  type LiveSocketOptions,
  type SocketLike,
  type TopicData,
} from './socket';

/** A real socket server on 127.0.0.1 that records what every connection sends. */
interface Harness {
  url: string;
  connections: { socket: ServerSocket; messages: Record<string, unknown>[] }[];
  /** Answer pings with pongs (on by default). */
  pong: boolean;
  /** Answer login with login_result code 1 (on by default). */
  acceptLogin: boolean;
  close: () => Promise<void>;
}

async function startServer(): Promise<Harness> {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
  const { port } = wss.address() as AddressInfo;
  const harness: Harness = {
    url: `ws://127.0.0.1:${port}/v1/ws`,
    connections: [],
    pong: true,
    acceptLogin: true,
    close: () =>
      new Promise((resolve) => {
        for (const client of wss.clients) client.terminate();
        wss.close(() => resolve());
      }),
  };
  wss.on('connection', (socket) => {
    const entry = { socket, messages: [] as Record<string, unknown>[] };
    harness.connections.push(entry);
    socket.on('message', (raw) => {
      const message = JSON.parse((raw as Buffer).toString('utf8')) as Record<string, unknown>;
      entry.messages.push(message);
      if (message.type === 'ping' && harness.pong) socket.send(JSON.stringify({ type: 'pong' }));
      if (message.type === 'login') {
        socket.send(
          JSON.stringify(
            harness.acceptLogin
              ? { type: 'login_result', code: 1, msg: '' }
              : { type: 'login_result', code: 999, msg: 'expired' },
          ),
        );
      }
    });
  });
  return harness;
}

async function waitFor(check: () => boolean, timeoutMs = 3_000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The messages of one connection, without heartbeat noise. */
const traffic = (h: Harness, i: number) =>
  (h.connections[i]?.messages ?? []).filter((m) => m.type !== 'ping');

let harness: Harness | null = null;
let socket: LiveSocket | null = null;

function client(h: Harness, options: Partial<LiveSocketOptions> = {}): LiveSocket {
  socket = new LiveSocket({
    url: h.url,
    WebSocketImpl: WebSocket,
    backoff: { initialMs: 20, maxMs: 100 },
    random: () => 0.5,
    ...options,
  });
  return socket;
}

afterEach(async () => {
  socket?.close();
  socket = null;
  await harness?.close();
  harness = null;
});

describe('LiveSocket', () => {
  it('logs in with the stored token as soon as the connection opens', async () => {
    harness = await startServer();
    const live = client(harness, { getToken: () => 'tok-123' });
    const states: ConnectionState[] = [];
    live.onStateChange((s) => states.push(s));
    live.init();
    live.init(); // idempotent: still one connection

    await waitFor(() => traffic(harness!, 0).length >= 1);
    expect(traffic(harness, 0)[0]).toEqual({ type: 'login', token: 'tok-123' });
    expect(states).toEqual(['connecting', 'open']);
    await sleep(50);
    expect(harness.connections).toHaveLength(1);
  });

  it('sends no login without a session', async () => {
    harness = await startServer();
    const live = client(harness);
    live.subscribe('DAY_MARKET', () => {});
    live.init();
    await waitFor(() => traffic(harness!, 0).length >= 1);
    expect(traffic(harness, 0)).toEqual([{ type: 'sub', topic: 'DAY_MARKET' }]);
  });

  it('delivers pushes to every listener of a topic, by canonical name', async () => {
    harness = await startServer();
    const live = client(harness);
    const a: unknown[] = [];
    const b: unknown[] = [];
    live.subscribe('KLINE.eurusd', (d) => a.push(d));
    live.subscribe('KLINE.EURUSD.1min', (d) => b.push(d));
    live.init();
    await waitFor(() => traffic(harness!, 0).length >= 1);
    // Both names are one topic: one sub, in the canonical form.
    expect(traffic(harness, 0)).toEqual([{ type: 'sub', topic: 'KLINE.EURUSD.1min' }]);

    const candle = { Time: 1, Open: 1, High: 2, Low: 0.5, Close: 1.5, Volume: 3 };
    harness.connections[0]!.socket.send(
      JSON.stringify({ type: 'push', topic: 'KLINE.EURUSD.1min', data: candle }),
    );
    await waitFor(() => a.length === 1 && b.length === 1);
    expect(a[0]).toEqual(candle);
  });

  it('subscribes FOREX_ORDER once logged in and hands its pushes over as sent', async () => {
    harness = await startServer();
    const live = client(harness, { getToken: () => 'tok-1' });
    const got: ForexOrderPush[] = [];
    live.subscribe('FOREX_ORDER', (push) => got.push(push));
    live.init();
    await waitFor(() => traffic(harness!, 0).length >= 2);
    expect(traffic(harness, 0)).toEqual([
      { type: 'login', token: 'tok-1' },
      { type: 'sub', topic: 'FOREX_ORDER' },
    ]);
    const data = { event: 'cancelled', order: { Id: 7, Status: 4, CloseReason: 'cancelled' } };
    harness.connections[0]!.socket.send(JSON.stringify({ type: 'push', topic: 'FOREX_ORDER', data }));
    await waitFor(() => got.length === 1);
    expect(got[0]).toEqual(data);
  });

  it('types each topic by the shared protocol', () => {
    expectTypeOf<TopicData<'FOREX_ORDER'>>().toEqualTypeOf<ForexOrderPush>();
    expectTypeOf<TopicData<'FOREX_TRADE'>>().toEqualTypeOf<ForexTradePush>();
    expectTypeOf<TopicData<'FOREX_CLOSED'>>().toEqualTypeOf<ForexClosedPush>();
    expectTypeOf<TopicData<'DAY_MARKET'>>().toEqualTypeOf<QuotePush[]>();
    expectTypeOf<TopicData<'KLINE.EURUSD.5min'>>().toEqualTypeOf<CandlePush>();
  });

  it('re-logs in and re-subscribes after the server drops the connection', async () => {
    harness = await startServer();
    const live = client(harness, { getToken: () => 'tok-1' });
    live.subscribe('DAY_MARKET', () => {});
    live.subscribe('FOREX_TRADE', () => {});
    const states: ConnectionState[] = [];
    live.onStateChange((s) => states.push(s));
    live.init();

    // The private topic is subscribed only once the server accepted the login.
    await waitFor(() => traffic(harness!, 0).length >= 3);
    expect(traffic(harness, 0)).toEqual([
      { type: 'login', token: 'tok-1' },
      { type: 'sub', topic: 'DAY_MARKET' },
      { type: 'sub', topic: 'FOREX_TRADE' },
    ]);

    harness.connections[0]!.socket.terminate();
    await waitFor(() => traffic(harness!, 1).length >= 3);
    expect(traffic(harness, 1)).toEqual([
      { type: 'login', token: 'tok-1' },
      { type: 'sub', topic: 'DAY_MARKET' },
      { type: 'sub', topic: 'FOREX_TRADE' },
    ]);
    expect(states).toEqual(['connecting', 'open', 'reconnecting', 'open']);
  });

  it('does not subscribe private topics when the login is refused', async () => {
    harness = await startServer();
    harness.acceptLogin = false;
    const rejected: string[] = [];
    const live = client(harness, { getToken: () => 'old', onLoginRejected: (m) => rejected.push(m) });
    live.subscribe('FOREX_CLOSED', () => {});
    live.init();
    await waitFor(() => rejected.length === 1);
    await sleep(30);
    expect(traffic(harness, 0)).toEqual([{ type: 'login', token: 'old' }]);
    expect(rejected).toEqual(['expired']);
  });

  it('keeps a connection whose pings are answered', async () => {
    harness = await startServer();
    // Generous timings: a busy CI machine may hold a pong back for a while.
    const live = client(harness, { heartbeatMs: 100, maxMissedPongs: 2 });
    live.init();
    await sleep(700);
    expect(harness.connections).toHaveLength(1);
    expect(harness.connections[0]!.messages.filter((m) => m.type === 'ping').length).toBeGreaterThanOrEqual(
      4,
    );
    expect(live.getState()).toBe('open');
  });

  it('reconnects after more than maxMissedPongs unanswered pings', async () => {
    harness = await startServer();
    harness.pong = false;
    const live = client(harness, { heartbeatMs: 30, maxMissedPongs: 2 });
    live.subscribe('DAY_MARKET', () => {});
    live.init();
    await waitFor(() => harness!.connections.length >= 2);
    const pings = harness.connections[0]!.messages.filter((m) => m.type === 'ping');
    // Three pings went unanswered (more than 2) before the client gave up on the line.
    expect(pings).toHaveLength(3);
    await waitFor(() => traffic(harness!, 1).length >= 1);
    expect(traffic(harness, 1)).toEqual([{ type: 'sub', topic: 'DAY_MARKET' }]);
  });

  it('sends unsub only when the last listener of a topic leaves', async () => {
    harness = await startServer();
    const live = client(harness);
    live.init();
    await waitFor(() => live.getState() === 'open');

    const offA = live.subscribe('DAY_MARKET', () => {});
    const offB = live.subscribe('DAY_MARKET', () => {});
    await waitFor(() => traffic(harness!, 0).length >= 1);
    offA();
    offA(); // a second call of the same remover must not count twice
    await sleep(50);
    expect(traffic(harness, 0)).toEqual([{ type: 'sub', topic: 'DAY_MARKET' }]);

    offB();
    await waitFor(() => traffic(harness!, 0).length >= 2);
    expect(traffic(harness, 0)).toEqual([
      { type: 'sub', topic: 'DAY_MARKET' },
      { type: 'unsub', topic: 'DAY_MARKET' },
    ]);
  });

  it('on logout unsubscribes private topics and logs the socket out', async () => {
    harness = await startServer();
    const live = client(harness, { getToken: () => 'tok' });
    live.subscribe('DAY_MARKET', () => {});
    live.subscribe('FOREX_TRADE', () => {});
    live.init();
    await waitFor(() => traffic(harness!, 0).length >= 3);
    live.logout();
    await waitFor(() => traffic(harness!, 0).length >= 5);
    expect(traffic(harness, 0).slice(3)).toEqual([
      { type: 'unsub', topic: 'FOREX_TRADE' },
      { type: 'logout' },
    ]);
  });

  it('gives up a connection that does not open within the time-out and retries', async () => {
    // A TCP server that never answers the WebSocket handshake.
    const sockets: Socket[] = [];
    const tcp: Server = createServer((s) => sockets.push(s));
    await new Promise<void>((resolve) => tcp.listen(0, '127.0.0.1', resolve));
    const { port } = tcp.address() as AddressInfo;
    try {
      const live = new LiveSocket({
        url: `ws://127.0.0.1:${port}/v1/ws`,
        WebSocketImpl: WebSocket,
        connectTimeoutMs: 60,
        backoff: { initialMs: 10, maxMs: 10 },
        random: () => 0.5,
      });
      socket = live;
      live.init();
      await waitFor(() => sockets.length >= 2, 2_000);
      expect(live.getState()).not.toBe('open');
    } finally {
      socket?.close();
      socket = null;
      for (const s of sockets) s.destroy();
      await new Promise((r) => tcp.close(r));
    }
  });
});

/**
 * An in-memory socket the test plays the server of: `open`, `push`, `drop` act at once, so
 * the numbering rules are checked message by message.
 */
class FakeSocket implements SocketLike {
  readyState = 0;
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  readonly sent: Record<string, unknown>[] = [];

  send(data: string): void {
    const message = JSON.parse(data) as Record<string, unknown>;
    if (message.type !== 'ping') this.sent.push(message);
  }
  close(): void {
    this.readyState = 3;
  }
  open(): void {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(message: Record<string, unknown>): void {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  push(topic: string, seq: number, data: unknown = {}): void {
    this.receive({ type: 'push', topic, seq, data });
  }
  /** The server went away. */
  drop(): void {
    this.readyState = 3;
    this.onclose?.({});
  }
}

/** A LiveSocket on fake sockets; `sockets` holds every connection it opened, newest last. */
function fakeClient(options: Partial<LiveSocketOptions> = {}) {
  const sockets: FakeSocket[] = [];
  const Impl = class extends FakeSocket {
    constructor(_url: string) {
      super();
      sockets.push(this);
    }
  };
  const live = new LiveSocket({
    url: 'ws://fake/v1/ws',
    WebSocketImpl: Impl,
    backoff: { initialMs: 1, maxMs: 1 },
    random: () => 0.5,
    ...options,
  });
  socket = live;
  const current = () => sockets[sockets.length - 1]!;
  return { live, sockets, current };
}

/** Lets settled handlers' promises run their continuations. */
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('LiveSocket numbering and resync', () => {
  it('takes in-order pushes, and the board repeating the last number, without a resync', async () => {
    const { live, current } = fakeClient();
    const got: unknown[] = [];
    let resyncs = 0;
    live.subscribe('DAY_MARKET', (d) => got.push(d), { onResync: () => (resyncs += 1) });
    live.init();
    current().open();
    // The board on subscribe carries the last number; the next tick follows it.
    current().push('DAY_MARKET', 41, ['board']);
    current().push('DAY_MARKET', 41, ['board again']);
    for (let seq = 42; seq <= 60; seq += 1) current().push('DAY_MARKET', seq, [seq]);
    await settle();
    expect(got).toHaveLength(21);
    expect(resyncs).toBe(0);
    expect(live.getState()).toBe('open');
  });

  it('resyncs the topic that jumped, after handing over the push, and only that topic', async () => {
    const { live, current } = fakeClient();
    const order: string[] = [];
    live.subscribe('DAY_MARKET', () => order.push('quote'), { onResync: () => order.push('quotes resync') });
    live.subscribe('KLINE.EURUSD.1min', () => order.push('candle'), {
      onResync: () => order.push('kline resync'),
    });
    live.init();
    current().open();
    current().push('DAY_MARKET', 1);
    current().push('KLINE.EURUSD.1min', 7);
    current().push('DAY_MARKET', 2);
    current().push('DAY_MARKET', 5); // 3 and 4 were skipped
    current().push('KLINE.EURUSD.1min', 8);
    expect(order).toEqual(['quote', 'candle', 'quote', 'quote', 'quotes resync', 'candle']);
    await settle();
    // Counting goes on from the jump: 6 follows 5.
    current().push('DAY_MARKET', 6);
    await settle();
    expect(order.filter((o) => o.endsWith('resync'))).toEqual(['quotes resync']);
  });

  it('treats a number going back (the numbering restarted) as a gap', async () => {
    const { live, current } = fakeClient();
    let resyncs = 0;
    live.subscribe('KLINE.EURUSD.1min', () => {}, { onResync: () => (resyncs += 1) });
    live.init();
    current().open();
    current().push('KLINE.EURUSD.1min', 30);
    current().push('KLINE.EURUSD.1min', 2);
    current().push('KLINE.EURUSD.1min', 3);
    await settle();
    expect(resyncs).toBe(1);
  });

  it('calls every listener of a topic, and reads "resyncing" until all of them settle', async () => {
    const { live, current } = fakeClient({ getToken: () => 'tok' });
    const states: ConnectionState[] = [];
    live.onStateChange((s) => states.push(s));
    let finishOrders!: () => void;
    let figures = 0;
    live.subscribe('FOREX_TRADE', () => {}, {
      onResync: () => new Promise<void>((resolve) => (finishOrders = resolve)),
    });
    live.subscribe('FOREX_TRADE', () => {}, {
      onResync: () => {
        figures += 1;
        throw new Error('a failing handler still counts as settled');
      },
    });
    live.init();
    current().open();
    current().receive({ type: 'login_result', code: 1, msg: '' });
    expect(current().sent).toEqual([
      { type: 'login', token: 'tok' },
      { type: 'sub', topic: 'FOREX_TRADE' },
    ]);
    current().push('FOREX_TRADE', 1);
    current().push('FOREX_TRADE', 3);
    expect(figures).toBe(1);
    expect(live.getState()).toBe('resyncing');
    await settle();
    expect(live.getState()).toBe('resyncing');
    finishOrders();
    await settle();
    expect(live.getState()).toBe('open');
    expect(states).toEqual(['connecting', 'open', 'resyncing', 'open']);
  });

  it('runs a topic once more when it jumps again while its resync is under way', async () => {
    const { live, current } = fakeClient();
    const finish: (() => void)[] = [];
    live.subscribe('DAY_MARKET', () => {}, {
      onResync: () => new Promise<void>((resolve) => finish.push(resolve)),
    });
    live.init();
    current().open();
    current().push('DAY_MARKET', 1);
    current().push('DAY_MARKET', 3);
    current().push('DAY_MARKET', 5);
    current().push('DAY_MARKET', 7);
    // One run at a time; the two later jumps make one more run, not two.
    expect(finish).toHaveLength(1);
    finish[0]!();
    await settle();
    expect(finish).toHaveLength(2);
    finish[1]!();
    await settle();
    expect(finish).toHaveLength(2);
    expect(live.getState()).toBe('open');
  });

  it('on a resync message resyncs every subscribed topic', async () => {
    const { live, current } = fakeClient({ getToken: () => 'tok' });
    const resynced: string[] = [];
    live.subscribe('DAY_MARKET', () => {}, { onResync: () => resynced.push('DAY_MARKET') });
    live.subscribe('FOREX_ORDER', () => {}, { onResync: () => resynced.push('FOREX_ORDER') });
    live.subscribe('KLINE.XAUUSD.5min', () => {}, { onResync: () => resynced.push('KLINE') });
    live.init();
    current().open();
    current().receive({ type: 'login_result', code: 1, msg: '' });
    current().push('DAY_MARKET', 9);
    expect(resynced).toEqual([]);
    current().receive({ type: 'resync' });
    expect(resynced.sort()).toEqual(['DAY_MARKET', 'FOREX_ORDER', 'KLINE']);
    await settle();
    // The numbering itself goes on: the next push in order is no gap.
    current().push('DAY_MARKET', 10);
    await settle();
    expect(resynced).toHaveLength(3);
  });

  it('resyncs every topic after a reconnect, each once it is subscribed again', async () => {
    const { live, sockets, current } = fakeClient({ getToken: () => 'tok' });
    const resynced: string[] = [];
    live.subscribe('DAY_MARKET', () => {}, { onResync: () => resynced.push('DAY_MARKET') });
    live.subscribe('FOREX_TRADE', () => {}, { onResync: () => resynced.push('FOREX_TRADE') });
    live.init();
    current().open();
    current().receive({ type: 'login_result', code: 1, msg: '' });
    current().push('DAY_MARKET', 100);
    current().push('FOREX_TRADE', 20);
    // The first connection has nothing to catch up on.
    await settle();
    expect(resynced).toEqual([]);

    current().drop();
    expect(live.getState()).toBe('reconnecting');
    await waitFor(() => sockets.length === 2);
    current().open();
    // The public topic is subscribed at once, then fetched; the private one after login.
    expect(current().sent).toEqual([
      { type: 'login', token: 'tok' },
      { type: 'sub', topic: 'DAY_MARKET' },
    ]);
    expect(resynced).toEqual(['DAY_MARKET']);
    current().receive({ type: 'login_result', code: 1, msg: '' });
    expect(resynced).toEqual(['DAY_MARKET', 'FOREX_TRADE']);
    await settle();

    // A restarted server numbers from anywhere: the first push is the new starting point.
    current().push('DAY_MARKET', 3);
    current().push('DAY_MARKET', 4);
    current().push('FOREX_TRADE', 1);
    await settle();
    expect(resynced).toEqual(['DAY_MARKET', 'FOREX_TRADE']);
    expect(live.getState()).toBe('open');
  });

  it('starts counting again when a topic is subscribed anew', async () => {
    const { live, current } = fakeClient();
    let resyncs = 0;
    const onResync = () => (resyncs += 1);
    live.init();
    current().open();
    const off = live.subscribe('KLINE.EURUSD.1min', () => {}, { onResync });
    current().push('KLINE.EURUSD.1min', 5);
    current().push('KLINE.EURUSD.1min', 6);
    off();
    live.subscribe('KLINE.EURUSD.1min', () => {}, { onResync });
    expect(current().sent).toEqual([
      { type: 'sub', topic: 'KLINE.EURUSD.1min' },
      { type: 'unsub', topic: 'KLINE.EURUSD.1min' },
      { type: 'sub', topic: 'KLINE.EURUSD.1min' },
    ]);
    current().push('KLINE.EURUSD.1min', 40);
    current().push('KLINE.EURUSD.1min', 41);
    await settle();
    expect(resyncs).toBe(0);
    current().push('KLINE.EURUSD.1min', 43);
    await settle();
    expect(resyncs).toBe(1);
  });

  it('counts private topics afresh after a new login on the same connection', async () => {
    const { live, current } = fakeClient({ getToken: () => 'first' });
    let resyncs = 0;
    live.subscribe('FOREX_ORDER', () => {}, { onResync: () => (resyncs += 1) });
    live.init();
    current().open();
    current().receive({ type: 'login_result', code: 1, msg: '' });
    current().push('FOREX_ORDER', 8);
    live.logout();
    live.login('second');
    current().receive({ type: 'login_result', code: 1, msg: '' });
    expect(current().sent.slice(2)).toEqual([
      { type: 'unsub', topic: 'FOREX_ORDER' },
      { type: 'logout' },
      { type: 'login', token: 'second' },
      { type: 'sub', topic: 'FOREX_ORDER' },
    ]);
    // The server numbers the new user's pushes from 1.
    current().push('FOREX_ORDER', 1);
    current().push('FOREX_ORDER', 2);
    await settle();
    expect(resyncs).toBe(0);
  });

  it('ignores pushes without a number (nothing to compare)', async () => {
    const { live, current } = fakeClient();
    let resyncs = 0;
    const got: unknown[] = [];
    live.subscribe('DAY_MARKET', (d) => got.push(d), { onResync: () => (resyncs += 1) });
    live.init();
    current().open();
    current().receive({ type: 'push', topic: 'DAY_MARKET', data: [1] });
    current().receive({ type: 'push', topic: 'DAY_MARKET', seq: '7', data: [2] });
    current().push('DAY_MARKET', 3);
    current().push('DAY_MARKET', 4);
    await settle();
    expect(got).toHaveLength(4);
    expect(resyncs).toBe(0);
  });
});
