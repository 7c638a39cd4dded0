import { points } from '@pipwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { Probe } from './ws-probe.js';
import { createSocketTestApp, createUserWithSession, DIALECTS, type TestApp } from './helper.js';

describe.each(DIALECTS)('live socket /v1/ws (%s)', (dialect) => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    ({ t, url } = await createSocketTestApp(dialect));
  });
  afterAll(async () => t.close());

  it('answers ping with pong', async () => {
    const p = await Probe.open(url);
    p.send({ type: 'ping' });
    expect(await p.next((m) => m.type === 'pong')).toEqual({ type: 'pong' });
    p.ws.close();
  });

  it('sends the whole board on DAY_MARKET, then only the instruments that moved', async () => {
    const p = await Probe.open(url);
    p.send({ type: 'sub', topic: 'DAY_MARKET' });
    const board = await p.next((m) => m.type === 'push' && m.topic === 'DAY_MARKET');
    expect(board.data.length).toBeGreaterThanOrEqual(24);
    expect(Object.keys(board.data[0]).sort()).toEqual(
      ['Ask', 'Bid', 'Change', 'Close', 'Code', 'High', 'Id', 'Low', 'MarketStatus', 'Open', 'Time'].sort(),
    );
    const btc = board.data.find((q: any) => q.Code === 'BTCUSD');
    const bid = Math.round(btc.Bid * 100) + 500;
    t.services.market.service.onTicks(
      [{ id: btc.Id, bid: points(bid), ask: points(bid + 3000) }],
      Date.now(),
    );
    const delta = await p.next((m) => m.type === 'push' && m.topic === 'DAY_MARKET');
    expect(delta.data.map((q: any) => q.Code)).toContain('BTCUSD');
    expect(delta.data.find((q: any) => q.Code === 'BTCUSD').Bid).toBe(bid / 100);
    expect(delta.data.length).toBeLessThan(board.data.length);

    // After unsub nothing more arrives.
    p.send({ type: 'unsub', topic: 'DAY_MARKET' });
    p.send({ type: 'ping' });
    await p.next((m) => m.type === 'pong');
    t.services.market.service.onTicks(
      [{ id: btc.Id, bid: points(bid + 1), ask: points(bid + 3001) }],
      Date.now(),
    );
    await expect(p.next((m) => m.type === 'push', 300)).rejects.toThrow();
    p.ws.close();
  });

  it('answers bad JSON and unknown types with an error and keeps the socket open', async () => {
    const p = await Probe.open(url);
    p.send('not json{');
    expect(await p.next((m) => m.type === 'error')).toEqual({
      type: 'error',
      msg: 'The message is not valid JSON',
    });
    p.send({ type: 'dance' });
    expect((await p.next((m) => m.type === 'error')).msg).toBe('Unknown message type');
    p.send({ type: 'sub', topic: 'NOPE' });
    expect((await p.next((m) => m.type === 'error')).msg).toBe('Unknown topic');
    p.send({ type: 'sub', topic: 'KLINE.NOTACODE.1min' });
    expect((await p.next((m) => m.type === 'error')).msg).toBe('Unknown topic');
    p.send({ type: 'ping' });
    await p.next((m) => m.type === 'pong');
    expect(p.ws.readyState).toBe(WebSocket.OPEN);
    p.ws.close();
  });

  it('keeps private topics for logged-in sockets', async () => {
    const p = await Probe.open(url);
    p.send({ type: 'sub', topic: 'FOREX_TRADE' });
    expect((await p.next((m) => m.type === 'error')).msg).toBe('Please log in to subscribe to this topic');
    p.send({ type: 'login', token: 'forged' });
    expect(await p.next((m) => m.type === 'login_result')).toMatchObject({ code: 999 });

    const { userId, token } = await createUserWithSession(t.services);
    p.send({ type: 'login', token });
    expect(await p.next((m) => m.type === 'login_result')).toEqual({
      type: 'login_result',
      code: 1,
      msg: '',
    });
    p.send({ type: 'sub', topic: 'FOREX_TRADE' });
    p.send({ type: 'ping' });
    await p.next((m) => m.type === 'pong');
    const figures = {
      orders: [],
      all_fact_profits: 0,
      lock_balance: 0,
      equity: 0,
      margin: 0,
      free_margin: 0,
      margin_level: 0,
      risk_rate: 0,
      margin_call: false,
    };
    t.services.hub.setUserTopicProvider('FOREX_TRADE', (id) => ({
      ...figures,
      balance: id === userId ? 1 : 2,
    }));
    t.services.hub.markUserDirty(userId, 'FOREX_TRADE');
    t.services.hub.markUserDirty(userId + 1000, 'FOREX_TRADE');
    const push = await p.next((m) => m.type === 'push' && m.topic === 'FOREX_TRADE');
    expect(push.data.balance).toBe(1);

    // Every close event arrives, in order, even within one flush.
    p.send({ type: 'sub', topic: 'FOREX_CLOSED' });
    p.send({ type: 'ping' });
    await p.next((m) => m.type === 'pong');
    t.services.hub.pushEvent(userId, 'FOREX_CLOSED', { Id: 1, reason: 'tp', FactProfits: 5 });
    t.services.hub.pushEvent(userId, 'FOREX_CLOSED', { Id: 2, reason: 'sl', FactProfits: -3 });
    expect((await p.next((m) => m.topic === 'FOREX_CLOSED')).data).toEqual({
      Id: 1,
      reason: 'tp',
      FactProfits: 5,
    });
    expect((await p.next((m) => m.topic === 'FOREX_CLOSED')).data).toEqual({
      Id: 2,
      reason: 'sl',
      FactProfits: -3,
    });

    // Logout drops the private subscription.
    p.send({ type: 'logout' });
    p.send({ type: 'ping' });
    await p.next((m) => m.type === 'pong');
    t.services.hub.markUserDirty(userId, 'FOREX_TRADE');
    await expect(p.next((m) => m.type === 'push', 300)).rejects.toThrow();
    p.ws.close();
  });

  it('translates socket errors by the lang query', async () => {
    const p = await Probe.open(url.replace('lang=en', 'lang=de'));
    p.send('{');
    const err = await p.next((m) => m.type === 'error');
    expect(err.msg).not.toBe('The message is not valid JSON');
    p.ws.close();
  });
});
