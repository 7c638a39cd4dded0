import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { createTranslator } from '../http/i18n.js';
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

describe('hub coalescing', () => {
  it('holds at most one pending entry per instrument for a slow client, however many ticks', async () => {
    const market = fakeMarket(30);
    let now = 0;
    const hub = new Hub(market, {} as SessionService, createTranslator(), {
      flushMs: 10,
      maxBufferedBytes: 1000,
      idleTimeoutMs: 60_000,
      now: () => now,
    });
    const socket = new StalledSocket();
    hub.attach(socket as unknown as WebSocket, 'en');
    socket.emit('message', Buffer.from(JSON.stringify({ type: 'sub', topic: 'DAY_MARKET' })), false);
    await new Promise((r) => setImmediate(r));
    expect(socket.sent).toHaveLength(1); // the whole board
    expect(socket.bufferedAmount).toBeGreaterThan(1000);

    for (let i = 0; i < 10_000; i++) {
      market.events.emit('quotes', [1 + (i % 30)]);
      hub.flush();
    }
    // Nothing was sent while the socket was full, and what waits is one set of 30 ids.
    expect(socket.sent).toHaveLength(1);
    const client = [...(hub as unknown as { clients: Set<{ dirtyQuotes: Set<number> }> }).clients][0]!;
    expect(client.dirtyQuotes.size).toBe(30);

    // Once the socket drains, one push carries the latest of all 30.
    socket.bufferedAmount = 0;
    hub.flush();
    expect(socket.sent).toHaveLength(2);
    expect(JSON.parse(socket.sent[1]!).data).toHaveLength(30);

    // A client that stops pinging is disconnected, and its topics leave the index.
    expect(hub.subscribedTopics('DAY')).toEqual(new Set(['DAY_MARKET']));
    now += 60_001;
    hub.flush();
    expect(socket.readyState).toBe(3);
    expect(hub.size).toBe(0);
    expect(hub.subscribedTopics('DAY')).toEqual(new Set());
  });
});
