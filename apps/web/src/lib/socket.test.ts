/// <reference types="node" />
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { CandlePush, ForexClosedPush, ForexOrderPush, ForexTradePush, QuotePush } from '@pipwise/shared';
import { afterEach, describe, expect, expectTypeOf, it } from 'vitest';
import { WebSocket, WebSocketServer, type WebSocket as ServerSocket } from 'ws';
import { LiveSocket, type ConnectionState, type LiveSocketOptions, type TopicData } from './socket';

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
