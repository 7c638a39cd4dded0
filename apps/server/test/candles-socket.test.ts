import { points } from '@pipwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bucketStart } from '../src/modules/market/candles/candle-time.js';
import { createSocketTestApp, DIALECTS, TestClock, type TestApp } from './helper.js';
import { Probe } from './ws-probe.js';

const NOW = Date.parse('2026-11-25T15:00:00Z');
const BTC = 26;
const EURUSD = 1;

describe.each(DIALECTS)('KLINE pushes (%s)', (dialect) => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    ({ t, url } = await createSocketTestApp(dialect, { now: new TestClock(NOW).now }));
  });
  afterAll(async () => t.close());

  it('pushes the forming candle of the subscribed period after ticks', async () => {
    const s = await Probe.open(url);
    s.send({ type: 'sub', topic: 'KLINE.BTCUSD.5min' });
    s.send({ type: 'sub', topic: 'KLINE.eurusd' }); // no period: 1min
    await new Promise((r) => setTimeout(r, 50));
    expect(t.services.hub.subscribedTopics('KLINE.')).toEqual(
      new Set(['KLINE.BTCUSD.5min', 'KLINE.EURUSD.1min']),
    );

    const at = NOW + 7 * 60_000 + 1_000;
    const base = Math.round(t.services.market.service.quotePush(BTC)!.Bid * 100);
    t.services.market.service.onTicks([{ id: BTC, bid: points(base + 500), ask: points(base + 3500) }], at);
    t.services.market.service.onTicks(
      [{ id: BTC, bid: points(base + 900), ask: points(base + 3900) }],
      at + 1_000,
    );
    // Each tick is pushed as it comes; the second push carries both ticks, numbered next.
    const first = await s.next((m) => m.topic === 'KLINE.BTCUSD.5min');
    const push = await s.next((m) => m.topic === 'KLINE.BTCUSD.5min' && m.data.Volume === 2);
    expect(push.seq).toBe(first.seq + 1);
    expect(push.data).toEqual({
      Time: bucketStart('5min', at) / 1000,
      Open: (base + 500) / 100,
      High: (base + 900) / 100,
      Low: (base + 500) / 100,
      Close: (base + 900) / 100,
      Volume: 2,
    });

    const eur = Math.round(t.services.market.service.quotePush(EURUSD)!.Bid * 1e5);
    t.services.market.service.onTicks(
      [{ id: EURUSD, bid: points(eur + 3), ask: points(eur + 13) }],
      at + 2_000,
    );
    const eurPush = await s.next((m) => m.topic === 'KLINE.EURUSD.1min');
    expect(eurPush.data).toMatchObject({
      Time: bucketStart('1min', at) / 1000,
      Close: (eur + 3) / 1e5,
      Volume: 1,
    });
    // Nothing for periods nobody subscribed to.
    expect(s.messages.filter((m) => m.topic === 'KLINE.BTCUSD.1min')).toEqual([]);

    s.send({ type: 'unsub', topic: 'KLINE.BTCUSD.5min' });
    s.ws.close();
  });

  it('pushes the forming 4hour and 1week candles on their New York buckets', async () => {
    const s = await Probe.open(url);
    s.send({ type: 'sub', topic: 'KLINE.BTCUSD.4hour' });
    s.send({ type: 'sub', topic: 'KLINE.BTCUSD.1week' });
    await new Promise((r) => setTimeout(r, 50));
    const at = NOW + 20 * 60_000;
    const base = Math.round(t.services.market.service.quotePush(BTC)!.Bid * 100);
    t.services.market.service.onTicks([{ id: BTC, bid: points(base + 700), ask: points(base + 3700) }], at);
    const four = await s.next((m) => m.topic === 'KLINE.BTCUSD.4hour');
    const week = await s.next((m) => m.topic === 'KLINE.BTCUSD.1week');
    // Wednesday 10:20 New York: the 09:00 candle (14:00 UTC), the week from Sunday 17:00 EST.
    expect(four.data).toMatchObject({
      Time: Date.parse('2026-11-25T14:00:00Z') / 1000,
      Close: (base + 700) / 100,
    });
    expect(week.data).toMatchObject({
      Time: Date.parse('2026-11-22T22:00:00Z') / 1000,
      Close: (base + 700) / 100,
    });
    s.ws.close();
  });
});
