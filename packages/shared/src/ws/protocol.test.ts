import { describe, expect, it } from 'vitest';
import { ClientMessageSchema, parseTopic, topicName } from './protocol.js';

describe('socket topics', () => {
  it('reads every topic of the protocol', () => {
    expect(parseTopic('DAY_MARKET')).toEqual({ kind: 'DAY_MARKET' });
    expect(parseTopic('FOREX_TRADE')).toEqual({ kind: 'FOREX_TRADE' });
    expect(parseTopic('FOREX_CLOSED')).toEqual({ kind: 'FOREX_CLOSED' });
    expect(parseTopic('KLINE.EURUSD.5min')).toEqual({ kind: 'KLINE', code: 'EURUSD', period: '5min' });
    expect(parseTopic('KLINE.BTCUSD.4hour')).toEqual({ kind: 'KLINE', code: 'BTCUSD', period: '4hour' });
    expect(parseTopic('KLINE.btcusd.1week')).toEqual({ kind: 'KLINE', code: 'BTCUSD', period: '1week' });
  });

  it('takes KLINE without a period as 1min and names it canonically', () => {
    const t = parseTopic('KLINE.eurusd')!;
    expect(t).toEqual({ kind: 'KLINE', code: 'EURUSD', period: '1min' });
    expect(topicName(t)).toBe('KLINE.EURUSD.1min');
  });

  it('refuses what is not a topic', () => {
    for (const bad of ['', 'day_market', 'KLINE.', 'KLINE.EURUSD.2min', 'KLINE.EUR-USD', 'FOREX']) {
      expect(parseTopic(bad), bad).toBeNull();
    }
  });

  it('validates client messages', () => {
    expect(ClientMessageSchema.safeParse({ type: 'sub', topic: 'DAY_MARKET' }).success).toBe(true);
    expect(ClientMessageSchema.safeParse({ type: 'sub' }).success).toBe(false);
    expect(ClientMessageSchema.safeParse({ type: 'jump' }).success).toBe(false);
    expect(ClientMessageSchema.safeParse({ type: 'login', token: 'x'.repeat(600) }).success).toBe(false);
  });
});
