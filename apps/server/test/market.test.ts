import { TradePairSchema, points } from '@pipwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, envelope, type TestApp } from './helper.js';

describe.each(DIALECTS)('market data over HTTP (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t.close());

  it('lists at least 24 instruments in at least 5 categories with the spec fields', async () => {
    const res = await t.app.inject({ url: '/v1/api/forex/trade_list?t=1732500000000' });
    expect(res.statusCode).toBe(200);
    const body = envelope(res);
    expect(body.code).toBe(1);
    expect(body.data.length).toBeGreaterThanOrEqual(24);
    for (const pair of body.data) TradePairSchema.parse(pair);
    expect(new Set(body.data.map((p: { CategoryId: number }) => p.CategoryId)).size).toBeGreaterThanOrEqual(
      5,
    );
    const eurusd = body.data.find((p: { Code: string }) => p.Code === 'EURUSD');
    expect(eurusd).toMatchObject({
      ShowCode: 'EUR/USD',
      PricePrecision: 5,
      Pip: 0.01,
      ForexMinCont: 0.01,
      ForexContNum: 100000,
      MarginMode: 0,
    });
    expect(eurusd.HasForexMultiple).toEqual([{ Value: 50 }, { Value: 100 }, { Value: 200 }, { Value: 500 }]);
    expect(eurusd.ForexQuotations.Ask).toBeGreaterThan(eurusd.ForexQuotations.Bid);
    expect(eurusd.ForexQuotations.Close).toBe(eurusd.ForexQuotations.Bid);
    const gold = body.data.find((p: { Code: string }) => p.Code === 'XAUUSD');
    expect(gold).toMatchObject({ ForexContNum: 100, PricePrecision: 2 });
    const btc = body.data.find((p: { Code: string }) => p.Code === 'BTCUSD');
    // Crypto never closes.
    expect(btc.MarketStatus).toBe(1);
  });

  it('prices crosses from their USD legs', async () => {
    const list = envelope(await t.app.inject({ url: '/v1/api/forex/trade_list' })).data as {
      Code: string;
      ForexQuotations: { Bid: number; Ask: number };
    }[];
    const mid = (code: string) => {
      const q = list.find((p) => p.Code === code)!.ForexQuotations;
      return (q.Bid + q.Ask) / 2;
    };
    expect(mid('EURJPY')).toBeCloseTo(mid('EURUSD') * mid('USDJPY'), 1);
    expect(mid('EURGBP')).toBeCloseTo(mid('EURUSD') / mid('GBPUSD'), 3);
  });

  it('searches by code or display code, case-insensitively', async () => {
    const data = envelope(await t.app.inject({ url: '/v1/api/forex/trade_list?searchCurrency=jpy' })).data;
    expect(data.map((p: { Code: string }) => p.Code).sort()).toEqual([
      'AUDJPY',
      'EURJPY',
      'GBPJPY',
      'USDJPY',
    ]);
    const slash = envelope(
      await t.app.inject({ url: '/v1/api/forex/trade_list?searchCurrency=eur%2Fu' }),
    ).data;
    expect(slash.map((p: { Code: string }) => p.Code)).toEqual(['EURUSD']);
  });

  it('answers an empty list for an unknown search or category, not an error', async () => {
    const none = envelope(await t.app.inject({ url: '/v1/api/forex/trade_list?searchCurrency=ZZZZZ' }));
    expect(none).toEqual({ code: 1, msg: '', data: [] });
    const cat = envelope(await t.app.inject({ url: '/v1/api/forex/trade_list?category_id=999' }));
    expect(cat).toEqual({ code: 1, msg: '', data: [] });
    const crypto = envelope(await t.app.inject({ url: '/v1/api/forex/trade_list?category_id=6' }));
    expect(crypto.data.length).toBe(5);
  });

  it('rejects a malformed category id with a translated field message', async () => {
    const res = await t.app.inject({
      url: '/v1/api/forex/trade_list?category_id=abc',
      headers: { lang: 'en' },
    });
    expect(res.statusCode).toBe(200);
    expect(envelope(res)).toEqual({
      code: 1001,
      msg: 'category_id is not valid',
      data: { field: 'category_id' },
    });
  });

  it('translates category names by the lang header, tw meaning hk and unknown meaning the default', async () => {
    const get = async (lang?: string) =>
      envelope(await t.app.inject({ url: '/v1/api/forex/getCategories', headers: lang ? { lang } : {} }))
        .data as {
        Id: number;
        NameShowTrans: string;
      }[];
    const en = await get('en');
    expect(en.length).toBeGreaterThanOrEqual(5);
    expect(en.find((c) => c.Id === 6)?.NameShowTrans).toBe('Crypto');
    const hk = await get('hk');
    expect(hk.find((c) => c.Id === 6)?.NameShowTrans).not.toBe('Crypto');
    expect(await get('tw')).toEqual(hk);
    expect(await get('xx')).toEqual(hk);
    expect(await get()).toEqual(hk);
    const ar = await get('ar');
    expect(ar.find((c) => c.Id === 6)?.NameShowTrans).toMatch(/[\u0600-\u06FF]/);
  });

  it('serves an SVG logo for every instrument and an envelope for an unknown one', async () => {
    const list = envelope(await t.app.inject({ url: '/v1/api/forex/trade_list' })).data as { Logo: string }[];
    for (const { Logo } of list) {
      const res = await t.app.inject({ url: Logo });
      expect(res.statusCode, Logo).toBe(200);
      expect(res.headers['content-type']).toContain('image/svg+xml');
      expect(res.body).toMatch(/^<svg /);
    }
    const missing = await t.app.inject({ url: '/static/logo/NOPE.svg' });
    expect(missing.statusCode).toBe(404);
    expect(envelope(missing).code).toBe(1004);
  });

  it('moves prices and the day change when ticks arrive', async () => {
    const before = t.services.market.service.quotePush(26)!;
    const bid = Math.round(before.Bid * 100) + 12_345;
    t.services.market.service.onTicks([{ id: 26, bid: points(bid), ask: points(bid + 3000) }], Date.now());
    const after = envelope(await t.app.inject({ url: '/v1/api/forex/trade_list?searchCurrency=BTCUSD' }))
      .data[0];
    expect(after.ForexQuotations.Bid).toBe(bid / 100);
    expect(after.ForexQuotations.Change).not.toBe(before.Change);
  });

  it('serves the whole board from one serialisation until the next tick', async () => {
    const board = () => t.app.inject({ url: '/v1/api/forex/trade_list' });
    const first = await board();
    expect((await board()).body).toBe(first.body);
    const btc = t.services.market.service.instrumentByCode('BTCUSD')!;
    const { bid, ask } = t.services.market.service.liveQuote(btc.id)!;
    t.services.market.service.onTicks(
      [{ id: btc.id, bid: points(bid + 100), ask: points(ask + 100) }],
      Date.now(),
    );
    const after = envelope(await board()).data.find((p: any) => p.Code === 'BTCUSD');
    expect(after.ForexQuotations.Bid).toBe((bid + 100) / 100);
  });
});
