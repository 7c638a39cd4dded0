import { points } from '@pipwise/shared';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { buildApp } from '../apps/server/src/app.js';
import { createServer, stopServer } from '../apps/server/src/app.js';
import { createTestDatabase, createUserWithSession } from '../apps/server/test/helper.js';

/**
 * The two servers the socket benchmarks compare, each run in a process of its own (forked
 * with IPC) so their memory is measured apart: `pipwise` — the whole app with its hub — and
 * `raw` — a bare `ws` server that broadcasts one serialised frame per tick to every socket.
 * Both move the same quotes at the same rate when told to tick.
 *
 * Messages from the parent: {tick: ticksPerSecond} starts ticking, {rss: true} answers the
 * resident memory after a full GC, {stop: true} ends. On start it sends {port, tokens}.
 */
const mode = process.argv[2] as 'pipwise' | 'raw' | 'fastify-ws';
const send = (m: object) => process.send?.(m);
const gc = (globalThis as { gc?: () => void }).gc;

/** Five instruments move per tick, as a busy market does. */
const MOVERS = [1, 2, 3, 26, 27];

async function startPipwise() {
  const database = await createTestDatabase('sqlite');
  const services = await createServer(database.handle, { SIM_SEED: 1, SIM_TICK_MS: 60_000 });
  const app = await buildApp(services);
  await app.listen({ port: 0, host: '127.0.0.1' });
  services.hub.start();
  const tokens = await Promise.all(
    Array.from({ length: 10 }, async () => (await createUserWithSession(services)).token),
  );
  let step = 0;
  const tick = () => {
    step += 1;
    const time = Date.now();
    services.market.service.onTicks(
      MOVERS.map((id) => {
        const q = services.market.service.liveQuote(id)!;
        const move = step % 2 === 0 ? 1 : -1;
        return { id, bid: points(q.bid + move), ask: points(q.ask + move) };
      }),
      time,
    );
  };
  return {
    port: (app.server.address() as AddressInfo).port,
    tokens,
    tick,
    async stop() {
      await app.close();
      await stopServer(services);
      await database.drop();
    },
  };
}

async function startRaw() {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((resolve) => wss.once('listening', resolve));
  const clients = new Set<WebSocket>();
  wss.on('connection', (ws) => {
    clients.add(ws);
    ws.on('message', () => undefined);
    ws.on('close', () => clients.delete(ws));
  });
  let seq = 0;
  const tick = () => {
    const time = Date.now();
    seq += 1;
    const data = MOVERS.map((id) => ({
      Id: id,
      Code: `I${id}`,
      Bid: 1.158 + seq * 1e-5,
      Ask: 1.1581,
      Open: 1.15,
      Close: 1.158,
      High: 1.16,
      Low: 1.15,
      Change: 0.1,
      MarketStatus: 1,
      Time: time,
    }));
    const frame = JSON.stringify({ type: 'push', topic: 'DAY_MARKET', seq, data });
    for (const ws of clients) if (ws.bufferedAmount < 256 * 1024) ws.send(frame);
  };
  return {
    port: (wss.address() as AddressInfo).port,
    tokens: [] as string[],
    tick,
    async stop() {
      for (const ws of clients) ws.terminate();
      await new Promise((resolve) => wss.close(resolve));
    },
  };
}

/** Fastify with @fastify/websocket and a handler that only keeps the socket: the plugin's own cost. */
async function startFastifyWs() {
  const { default: Fastify } = await import('fastify');
  const { default: websocket } = await import('@fastify/websocket');
  const app = Fastify({ logger: false });
  await app.register(websocket);
  const sockets = new Set<WebSocket>();
  app.get('/v1/ws', { websocket: true }, (socket) => {
    sockets.add(socket);
    socket.on('message', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    port: (app.server.address() as AddressInfo).port,
    tokens: [] as string[],
    tick: () => undefined,
    async stop() {
      await app.close();
    },
  };
}

const server =
  mode === 'pipwise' ? await startPipwise() : mode === 'raw' ? await startRaw() : await startFastifyWs();
let timer: NodeJS.Timeout | undefined;
process.on('message', (m: { tick?: number; rss?: boolean; stop?: boolean }) => {
  if (m.tick) timer = setInterval(server.tick, 1000 / m.tick);
  if (m.rss) {
    gc?.();
    gc?.();
    send({ rss: process.memoryUsage().rss });
  }
  if (m.stop) {
    clearInterval(timer);
    void server.stop().then(() => process.exit(0));
  }
});
send({ port: server.port, tokens: server.tokens });
