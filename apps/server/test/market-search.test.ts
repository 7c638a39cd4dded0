import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, envelope, type TestApp } from './helper.js';

/** trade_list `searchCurrency` also matches instrument names, in the caller's language and English. */
describe.each(DIALECTS)('instrument search by name (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t.close());

  const search = async (text: string, lang?: string) => {
    const res = await t.app.inject({
      url: `/v1/api/forex/trade_list?searchCurrency=${encodeURIComponent(text)}`,
      headers: lang ? { lang } : {},
    });
    const body = envelope(res);
    expect(body.code).toBe(1);
    return (body.data as { Code: string }[]).map((p) => p.Code).sort();
  };

  it('finds gold by its name in English, Chinese, Japanese and French', async () => {
    expect(await search('gold', 'en')).toEqual(['XAUUSD']);
    expect(await search('黃金', 'hk')).toEqual(['XAUUSD']);
    expect(await search('金', 'jp')).toEqual(['XAUUSD']);
    expect(await search('or', 'fr')).toContain('XAUUSD');
    // English names work in every language; no lang header means the default (hk).
    expect(await search('GOLD', 'kr')).toEqual(['XAUUSD']);
    expect(await search('黃金')).toEqual(['XAUUSD']);
  });

  it('matches names across accents and punctuation, and still by code', async () => {
    expect(await search('petrole', 'fr')).toEqual(['UKOIL', 'USOIL']);
    expect(await search('dow jones', 'en')).toEqual(['US30']);
    expect(await search('S&P', 'en')).toEqual(['SPX500']);
    expect(await search('us30', 'ar')).toEqual(['US30']);
    expect(await search('Биткоин', 'ru')).toEqual(['BTCUSD']);
  });

  it('does not match a name of another language only', async () => {
    // "Золото" is Russian: an English caller does not get gold for it.
    expect(await search('Золото', 'en')).toEqual([]);
    expect(await search('Золото', 'ru')).toEqual(['XAUUSD']);
  });
});
