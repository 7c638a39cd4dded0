import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { createTranslator } from '../core/i18n.js';
import type { SessionService } from '../modules/auth/session.service.js';
import type { MarketService } from '../modules/market/market.service.js';
import { Hub } from './hub.js';

/** A socket that never drains: the client on the other end reads nothing. */
class StalledSocket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  bufferedAmount = 0;
  sent: string[] = [];
  send(data: string): void {
    this.sent.push(data);
    this.bufferedAmount += data.length;
  }
  close(): void {}
  terminate(): void {
    this.readyState = 3;
  }
}

function fakeMarket(count: number) {
  const events = new EventEmitter();
  const push = (id: number) => ({
    Id: id,
    Code: `C${id}`,
    Bid: id,
    Ask: id,
    Open: id,
    Close: id,
    High: id,
    Low: id,
    Change: 0,
    MarketStatus: 1 as const,
    Time: 0,
  });
  return {
    events,
    quotePush: push,
    allQuotePushes: () => Array.from({ length: count }, (_, i) => push(i + 1)),
    instrumentByCode: () => undefined,
  } as unknown as MarketService;
}

describe('hub pushes to slow sockets', () => {
  it('skips a socket that is not keeping up — nothing is queued for it — and numbers every push', async () => {
    const market = fakeMarket(30);
    let now = 0;
    const sessions = { events: new EventEmitter() } as unknown as SessionService;
    const hub = new Hub(market, sessions, createTranslator(), {
      flushMs: 10,
      maxBufferedBytes: 1000,
      idleTimeoutMs: 60_000,
      sessionCheckMs: 60_000,
      now: () => now,
    });
    const socket = new StalledSocket();
    hub.attach(socket as unknown as WebSocket, 'en');
    socket.emit('message', Buffer.from(JSON.stringify({ type: 'sub', topic: 'DAY_MARKET' })), false);
    await new Promise((r) => setImmediate(r));
    expect(socket.sent).toHaveLength(1); // the whole board, seq 0
    expect(JSON.parse(socket.sent[0]!)).toMatchObject({ topic: 'DAY_MARKET', seq: 0 });
    expect(socket.bufferedAmount).toBeGreaterThan(1000);

    for (let i = 0; i < 10_000; i++) market.events.emit('quotes', [1 + (i % 30)]);
    // Nothing was sent while the socket was full, and nothing waits for it in memory.
    expect(socket.sent).toHaveLength(1);
    expect(hub.stats).toMatchObject({ sent: 0, skipped: 10_000 });
    const client = [...(hub as unknown as { clients: Set<object> }).clients][0]!;
    expect(Object.values(client).filter((v) => v instanceof Map)).toEqual([]);

    // Once it drains, the next push arrives with a number that shows the 10,000 it missed.
    socket.bufferedAmount = 0;
    market.events.emit('quotes', [7]);
    expect(socket.sent).toHaveLength(2);
    expect(JSON.parse(socket.sent[1]!)).toMatchObject({ topic: 'DAY_MARKET', seq: 10_001 });

    // A client that stops pinging is disconnected, and its topics leave the index.
    expect(hub.subscribedTopics('DAY')).toEqual(new Set(['DAY_MARKET']));
    now += 60_001;
    hub.flush();
    expect(socket.readyState).toBe(3);
    expect(hub.size).toBe(0);
    expect(hub.subscribedTopics('DAY')).toEqual(new Set());
  });
});
