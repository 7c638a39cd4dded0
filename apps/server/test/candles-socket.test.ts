import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { bucketStart } from '../src/modules/market/candles/candle-time.js';
import { createTestApp, DIALECTS, TestClock, type TestApp } from './helper.js';

const NOW = Date.parse('2026-11-25T15:00:00Z');
const BTC = 26;
const EURUSD = 1;

/** Opens a socket and collects its pushes. */
async function openSocket(
  url: string,
): Promise<{ ws: WebSocket; pushes: any[]; next(topic: string): Promise<any> }> {
  const ws = new WebSocket(url);
  const pushes: any[] = [];
  let waiter: { topic: string; resolve: (m: any) => void } | undefined;
  ws.on('message', (raw) => {
    const m = JSON.parse((raw as Buffer).toString());
    if (m.type !== 'push') return;
    const w = waiter;
    if (w && w.topic === m.topic) {
      waiter = undefined;
      w.resolve(m);
    } else pushes.push(m);
  });
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  return {
    ws,
    pushes,
    next(topic) {
      const i = pushes.findIndex((m) => m.topic === topic);
      if (i >= 0) return Promise.resolve(pushes.splice(i, 1)[0]);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no push on ${topic}`)), 3000);
        waiter = { topic, resolve: (m) => (clearTimeout(timer), resolve(m)) };
      });
    },
  };
}

describe.each(DIALECTS)('KLINE pushes (%s)', (dialect) => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp(dialect, { services: { now: new TestClock(NOW).now, hub: { flushMs: 20 } } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    t.services.hub.start();
    url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/v1/ws?lang=en`;
  });
  afterAll(async () => t.close());

  it('pushes the forming candle of the subscribed period after ticks', async () => {
    const s = await openSocket(url);
    s.ws.send(JSON.stringify({ type: 'sub', topic: 'KLINE.BTCUSD.5min' }));
    s.ws.send(JSON.stringify({ type: 'sub', topic: 'KLINE.eurusd' })); // no period: 1min
    await new Promise((r) => setTimeout(r, 50));
    expect(t.services.hub.subscribedTopics('KLINE.')).toEqual(
      new Set(['KLINE.BTCUSD.5min', 'KLINE.EURUSD.1min']),
    );

    const at = NOW + 7 * 60_000 + 1_000;
    const base = Math.round(t.services.market.quotePush(BTC)!.Bid * 100);
    t.services.market.onTicks([{ id: BTC, bid: base + 500, ask: base + 3500 }], at);
    t.services.market.onTicks([{ id: BTC, bid: base + 900, ask: base + 3900 }], at + 1_000);
    const push = await s.next('KLINE.BTCUSD.5min');
    // Latest wins: one push with both ticks in it.
    expect(push.data).toEqual({
      Time: bucketStart('5min', at) / 1000,
      Open: (base + 500) / 100,
      High: (base + 900) / 100,
      Low: (base + 500) / 100,
      Close: (base + 900) / 100,
      Volume: 2,
    });

    const eur = Math.round(t.services.market.quotePush(EURUSD)!.Bid * 1e5);
    t.services.market.onTicks([{ id: EURUSD, bid: eur + 3, ask: eur + 13 }], at + 2_000);
    const eurPush = await s.next('KLINE.EURUSD.1min');
    expect(eurPush.data).toMatchObject({
      Time: bucketStart('1min', at) / 1000,
      Close: (eur + 3) / 1e5,
      Volume: 1,
    });
    // Nothing for periods nobody subscribed to.
    expect(s.pushes.filter((m) => m.topic === 'KLINE.BTCUSD.1min')).toEqual([]);

    s.ws.send(JSON.stringify({ type: 'unsub', topic: 'KLINE.BTCUSD.5min' }));
    s.ws.close();
  });
});
