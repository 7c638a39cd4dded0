import { LANGS, NEWS_PAGE_SIZE, ResultCode, type NewsInput } from '@pipwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createTestApp, DIALECTS, type TestApp } from './helper.js';

/** A valid article input with an English text, changed by each test as it needs. */
function article(overrides: Partial<NewsInput> = {}): NewsInput {
  return {
    category_id: 1,
    base_lang: 'en',
    logo: '/static/news/welcome.svg',
    published: true,
    translations: {
      en: { title: 'Rates hold steady', desc: 'The central bank kept rates.', content: '<p>Body</p>' },
    },
    ...overrides,
  };
}

describe.each(DIALECTS)('news (%s)', (dialect) => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    api = client(t.app);
  });
  afterAll(async () => t.close());

  it('seeds sample articles with images in all 18 languages on the first start', async () => {
    const rows = await t.services.core.db.selectFrom('news').selectAll().execute();
    expect(rows.length).toBe(4);
    expect(rows.every((r) => r.is_sample === 1 && r.published === 1)).toBe(true);
    for (const row of rows) {
      const langs = await t.services.core.db
        .selectFrom('news_translations')
        .select('lang')
        .where('news_id', '=', row.id)
        .execute();
      expect(langs.map((l) => l.lang).sort()).toEqual([...LANGS].sort());
    }
    const list = await api.get('/api/news/list?category_id=1&page=1', { lang: 'hk' });
    expect(list.code).toBe(1);
    expect(list.data.total).toBe(4);
    const first = list.data.data[0];
    expect(Object.keys(first).sort()).toEqual([
      'category_id',
      'created_at',
      'desc',
      'id',
      'lang',
      'logo',
      'title',
    ]);
    expect(first.lang).toBe('hk');
    expect(first.title).toMatch(/[\u4e00-\u9fff]/);
    // Newest first.
    const dates = list.data.data.map((n: { created_at: number }) => n.created_at);
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    // The cover is served, as an image that cannot run anything.
    const image = await t.app.inject({ url: first.logo });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toContain('image/svg+xml');
    expect(image.headers['content-security-policy']).toContain("default-src 'none'");
    expect(image.body).toContain('<svg');
    expect(image.body).not.toMatch(/<script|on\w+=/i);
    // The detail has the HTML, with the image inside it.
    const info = await api.get(`/api/news/info?id=${first.id}`, { lang: 'ar' });
    expect(info.code).toBe(1);
    expect(info.data.lang).toBe('ar');
    expect(info.data.content).toContain('<img src="/static/news/');
    expect(info.data.content).toContain('<h3>');
  });

  it('serves only its own image files', async () => {
    for (const url of [
      '/static/news/nothing.svg',
      '/static/news/..%2f..%2fpackage.json',
      '/static/news/welcome.svg.bak',
      '/static/news/WELCOME.SVG',
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
    }
  });

  it('pages the list and falls back to the base language', async () => {
    const ids: number[] = [];
    for (let i = 0; i < NEWS_PAGE_SIZE + 2; i++) {
      const { id } = await t.services.content.news.saveNews(
        article({
          category_id: 7,
          translations: {
            en: { title: `English ${i}`, desc: 'd', content: `<p>${i}</p>` },
            ...(i === 0 ? { fr: { title: 'Français 0', desc: 'd', content: '<p>fr</p>' } } : {}),
          },
        }),
        1,
      );
      ids.push(id);
    }
    const page1 = await api.get('/api/news/list?category_id=7&page=1', { lang: 'fr' });
    const page2 = await api.get('/api/news/list?category_id=7&page=2', { lang: 'fr' });
    expect(page1.data.total).toBe(NEWS_PAGE_SIZE + 2);
    expect(page1.data.data).toHaveLength(NEWS_PAGE_SIZE);
    expect(page2.data.data).toHaveLength(2);
    const all = [...page1.data.data, ...page2.data.data];
    expect(new Set(all.map((n: { id: number }) => n.id)).size).toBe(NEWS_PAGE_SIZE + 2);
    const zero = all.find((n: { id: number }) => n.id === ids[0]);
    expect(zero).toMatchObject({ title: 'Français 0', lang: 'fr' });
    const one = all.find((n: { id: number }) => n.id === ids[1]);
    expect(one).toMatchObject({ title: 'English 1', lang: 'en' });
    // Beyond the end: an empty page, not an error.
    expect((await api.get('/api/news/list?category_id=7&page=9')).data).toEqual({ data: [], total: 12 });
    // Absent category: the default one (1).
    expect((await api.get('/api/news/list')).data.total).toBe(4);
  });

  it('hides unpublished articles and answers unknown ones with a message', async () => {
    const { id } = await t.services.content.news.saveNews(article({ published: false }), 1);
    const info = await api.get(`/api/news/info?id=${id}`);
    expect(info).toEqual({
      code: ResultCode.BusinessRule,
      msg: 'This article does not exist',
      data: { field: 'id' },
    });
    expect((await api.get('/api/news/info?id=999999999')).code).toBe(ResultCode.BusinessRule);
    await t.services.content.news.saveNews(article({ id, published: true }), 1);
    expect((await api.get(`/api/news/info?id=${id}`)).code).toBe(1);
  });

  it('refuses bad list and detail inputs', async () => {
    const bad = [
      '/api/news/list?page=0',
      '/api/news/list?page=-1',
      '/api/news/list?page=1e3',
      '/api/news/list?page=0x10',
      '/api/news/list?page=100001',
      '/api/news/list?category_id=true',
      '/api/news/list?category_id=2147483648',
      '/api/news/list?category_id=%00',
      '/api/news/list?category_id=1&category_id=2',
      '/api/news/info',
      '/api/news/info?id=',
      '/api/news/info?id=abc',
      '/api/news/info?id=1.5',
      '/api/news/info?id=%201',
      '/api/news/info?id=9007199254740992',
      '/api/news/info?id[]=1',
    ];
    for (const url of bad) {
      const res = await t.app.inject({ url, headers: { lang: 'en' } });
      expect(res.statusCode, url).toBeLessThan(500);
      const body = JSON.parse(res.body) as { code: number; msg: string };
      expect(body.code, url).toBe(ResultCode.InvalidParams);
      expect(body.msg, url).not.toMatch(/stack|Error:|\bat \S+:\d+/);
    }
  });

  it('saves, changes and deletes articles through the service, validating each input', async () => {
    const news = t.services.content.news;
    const { id } = await news.saveNews(
      article({
        base_lang: 'de',
        translations: {
          de: {
            title: '  Zinsen  ',
            desc: 'kurz',
            content: '<p onclick="x()">Text</p><script>bad()</script>',
          },
          en: { title: 'Rates', desc: 'short', content: '<p>Text</p>' },
        },
      }),
      42,
    );
    const saved = await news.getArticle(id);
    expect(saved).toMatchObject({ base_lang: 'de', published: true, is_sample: false, created_by: 42 });
    expect(saved?.translations.de).toEqual({ title: 'Zinsen', desc: 'kurz', content: '<p>Text</p>' });

    // Changing an article replaces its languages.
    await news.saveNews(
      article({ id, base_lang: 'en', translations: { en: { title: 'New', desc: '', content: '<p>n</p>' } } }),
      43,
    );
    const changed = await news.getArticle(id);
    expect(Object.keys(changed!.translations)).toEqual(['en']);
    expect(changed?.updated_by).toBe(43);

    const refusals: [NewsInput, string][] = [
      [article({ base_lang: 'fr' }), 'translations'],
      [article({ logo: 'javascript:alert(1)' }), 'logo'],
      [article({ logo: 'http://insecure.example/a.png' }), 'logo'],
      [article({ logo: 'data:image/svg+xml;base64,PHN2Zz4=' }), 'logo'],
      [article({ logo: '/static/../../etc/passwd' }), 'logo'],
      [article({ category_id: 0 }), 'category_id'],
      [article({ category_id: 'x' as unknown as number }), 'category_id'],
      [article({ base_lang: 'xx' as 'en' }), 'base_lang'],
      [article({ published: 'true' as unknown as boolean }), 'published'],
      [article({ translations: { en: { title: '', desc: '', content: '' } } }), 'translations.en.title'],
      [
        article({ translations: { en: { title: 'a'.repeat(201), desc: '', content: '' } } }),
        'translations.en.title',
      ],
      [
        article({ translations: { en: { title: 'nul\u0000', desc: '', content: '' } } }),
        'translations.en.title',
      ],
      [article({ translations: { xx: { title: 'x', desc: '', content: '' } } as never }), 'translations'],
      [article({ id: 999_999_999 }), 'id'],
      [article({ id: -1 }), 'id'],
    ];
    for (const [input, field] of refusals) {
      const err = await news.saveNews(input, 1).catch((e: unknown) => e);
      expect(err, field).toMatchObject({ vars: expect.objectContaining({ field }) });
    }
    await expect(news.saveNews(article(), 0)).rejects.toMatchObject({ vars: { field: 'operator_id' } });

    await news.deleteNews(id);
    expect(await news.getArticle(id)).toBeUndefined();
    const rows = await t.services.core.db
      .selectFrom('news_translations')
      .selectAll()
      .where('news_id', '=', id)
      .execute();
    expect(rows).toEqual([]);
    await expect(news.deleteNews(id)).rejects.toMatchObject({ key: 'errors.news_not_found' });
    await expect(news.deleteNews('1; drop table news' as unknown as number)).rejects.toMatchObject({
      code: ResultCode.InvalidParams,
    });
  });

  it('runs inside a caller transaction and rolls back with it', async () => {
    const before = (await t.services.content.news.listAll(1)).total;
    await expect(
      t.services.core.db.transaction().execute(async (trx) => {
        await t.services.content.news.saveNews(article(), 1, trx);
        throw new Error('audit failed');
      }),
    ).rejects.toThrow('audit failed');
    expect((await t.services.content.news.listAll(1)).total).toBe(before);
  });
});
