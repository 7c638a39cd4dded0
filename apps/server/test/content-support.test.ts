import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import {
  FEEDBACK_HOURLY_LIMIT,
  FeedbackStatus,
  FeedbackTopic,
  LANGS,
  ResultCode,
  type FollowTraderInput,
} from '@pipwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createTestApp, createUserWithSession, DIALECTS, TestClock, type TestApp } from './helper.js';

/** The restricted countries as each language's announcement names them (docs/product.md §1). */
const RESTRICTED: Partial<Record<(typeof LANGS)[number], string[]>> = {
  en: ['North Korea', 'Israel', 'China', 'Vanuatu', 'Cuba'],
  hk: ['北韓', '以色列', '中國', '瓦努阿圖', '古巴'],
  jp: ['北朝鮮', 'イスラエル', '中国', 'バヌアツ', 'キューバ'],
  ar: ['كوريا الشمالية', 'إسرائيل', 'الصين', 'فانواتو', 'كوبا'],
  ru: ['Северной Кореи', 'Израиля', 'Китая', 'Вануату', 'Кубы'],
  de: ['Nordkorea', 'Israel', 'China', 'Vanuatu', 'Kuba'],
};

/** A stored upload of `userId` (as image_upload leaves it), returned as its URL. */
async function uploadOf(t: TestApp, userId: number): Promise<string> {
  const name = `${randomBytes(16).toString('hex')}.png`;
  await t.services.core.db
    .insertInto('uploads')
    .values({
      user_id: userId,
      name,
      mime: 'image/png',
      bytes: 100,
      width: 10,
      height: 10,
      created_at: Date.now(),
    })
    .execute();
  return `/api/common/image/${name}`;
}

function trader(overrides: Partial<FollowTraderInput> = {}): FollowTraderInput {
  return {
    user: 'Test Trader',
    avatar: '',
    multiple: 100,
    three_week_rate: '12.5',
    three_week_win: 60,
    three_week_profit: '-250.75',
    total_rate: 80,
    total_trade_num: 42,
    code: 'PW-TEST',
    sort: 0,
    enabled: true,
    ...overrides,
  };
}

describe.each(DIALECTS)('announcement, ranking, feedback and support (%s)', (dialect) => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  const clock = new TestClock();
  // A stand-in of the built web app: the chat frame's policy is the pages' (content-security.ts).
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'pipwise-web-'));
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><title>Pipwise</title><div id="root"></div>',
  );
  beforeAll(async () => {
    t = await createTestApp(dialect, { services: { now: clock.now }, app: { webDist } });
    api = client(t.app);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('seeds the announcement in all 18 languages, naming the countries not served', async () => {
    const rows = await t.services.core.db.selectFrom('announcements').selectAll().execute();
    expect(rows.map((r) => r.lang).sort()).toEqual([...LANGS].sort());
    expect(rows.every((r) => r.is_sample === 1)).toBe(true);
    // Each language its own text.
    expect(new Set(rows.map((r) => r.content)).size).toBe(LANGS.length);
    for (const lang of LANGS) {
      const res = await api.get('/api/news/announcement', { lang });
      expect(res.code).toBe(1);
      expect(res.data.lang).toBe(lang);
      expect(res.data.title.length).toBeGreaterThan(0);
      for (const country of RESTRICTED[lang] ?? [])
        expect(res.data.content, `${lang} ${country}`).toContain(country);
    }
  });

  it('lets operators edit one language, and falls back to English where one is missing', async () => {
    const saved = await t.services.content.announcements.saveAnnouncement(
      'fr',
      {
        title: '  Avis  ',
        content: '<p onclick="x()">Nouveau texte</p><script>alert(1)</script>',
      },
      7,
    );
    expect(saved).toMatchObject({ lang: 'fr', title: 'Avis', content: '<p>Nouveau texte</p>' });
    expect((await api.get('/api/news/announcement', { lang: 'fr' })).data.content).toBe(
      '<p>Nouveau texte</p>',
    );
    const all = await t.services.content.announcements.listAll();
    expect(all.find((a) => a.lang === 'fr')).toMatchObject({ is_sample: false, updated_by: 7 });

    await t.services.core.db.deleteFrom('announcements').where('lang', '=', 'cs').execute();
    const fallback = await api.get('/api/news/announcement', { lang: 'cs' });
    expect(fallback.data.lang).toBe('en');
    expect(fallback.data.content).toContain('North Korea');

    const announcements = t.services.content.announcements;
    await expect(
      announcements.saveAnnouncement('xx', { title: 'a', content: '<p>b</p>' }),
    ).rejects.toMatchObject({
      code: ResultCode.InvalidParams,
      vars: { field: 'lang' },
    });
    await expect(
      announcements.saveAnnouncement('en', { title: '', content: '<p>b</p>' }),
    ).rejects.toMatchObject({
      vars: { field: 'title' },
    });
    // Nothing left to read once cleaned.
    await expect(
      announcements.saveAnnouncement('en', { title: 'a', content: '<script>alert(1)</script><svg></svg>' }),
    ).rejects.toMatchObject({ key: 'errors.content_empty' });
    await expect(
      announcements.saveAnnouncement('en', { title: 'a', content: '<p>b</p>' }, -3),
    ).rejects.toMatchObject({ vars: { field: 'operator_id' } });
  });

  it('lists the follow traders with every field of the spec, in the operators order', async () => {
    const res = await api.get('/api/follow/list');
    expect(res.code).toBe(1);
    expect(res.data.length).toBeGreaterThanOrEqual(8);
    const first = res.data[0];
    expect(Object.keys(first).sort()).toEqual(
      [
        'avatar',
        'code',
        'id',
        'multiple',
        'three_week_profit',
        'three_week_rate',
        'three_week_win',
        'total_rate',
        'total_trade_num',
        'user',
      ].sort(),
    );
    expect(typeof first.three_week_rate).toBe('number');
    expect(res.data.some((r: { three_week_profit: number }) => r.three_week_profit < 0)).toBe(true);
    const samples = await t.services.core.db.selectFrom('follow_traders').select('is_sample').execute();
    expect(samples.every((s) => s.is_sample === 1)).toBe(true);
  });

  it('saves, hides and deletes follow traders through the service, validating each input', async () => {
    const traders = t.services.content.traders;
    const { id } = await traders.saveFollowTrader(trader({ sort: -0 }));
    let listed = (await api.get('/api/follow/list')).data as {
      id: number;
      user: string;
      three_week_profit: number;
    }[];
    expect(listed[0]).toMatchObject({
      id,
      user: 'Test Trader',
      three_week_profit: -250.75,
      three_week_rate: 12.5,
    });

    await traders.saveFollowTrader(trader({ id, enabled: false }));
    listed = (await api.get('/api/follow/list')).data;
    expect(listed.some((r) => r.id === id)).toBe(false);
    expect(await traders.getTrader(id)).toMatchObject({ enabled: false, is_sample: false });

    const refusals: [FollowTraderInput, string][] = [
      [trader({ user: '' }), 'user'],
      [trader({ avatar: 'javascript:alert(1)' }), 'avatar'],
      [trader({ avatar: 'https://x.example/a.png"onerror="alert(1)' }), 'avatar'],
      [trader({ multiple: 0 }), 'multiple'],
      [trader({ multiple: true as unknown as number }), 'multiple'],
      [trader({ three_week_rate: '1e3' }), 'three_week_rate'],
      [trader({ three_week_rate: '0x10' }), 'three_week_rate'],
      [trader({ three_week_rate: 'NaN' }), 'three_week_rate'],
      [trader({ three_week_rate: '1.234' }), 'three_week_rate'],
      [trader({ three_week_win: 101 }), 'three_week_win'],
      [trader({ three_week_win: -1 }), 'three_week_win'],
      [trader({ total_trade_num: 1.5 }), 'total_trade_num'],
      [trader({ code: 'x'.repeat(33) }), 'code'],
      [trader({ enabled: 1 as unknown as boolean }), 'enabled'],
      [trader({ id: 999_999_999 }), 'id'],
    ];
    for (const [input, field] of refusals) {
      const err = await traders.saveFollowTrader(input).catch((e: unknown) => e);
      expect(err, field).toMatchObject({ vars: expect.objectContaining({ field }) });
    }

    await traders.deleteFollowTrader(id);
    expect(await traders.getTrader(id)).toBeUndefined();
    await expect(traders.deleteFollowTrader(id)).rejects.toMatchObject({ key: 'errors.trader_not_found' });
    await expect(traders.deleteFollowTrader(0)).rejects.toMatchObject({ code: ResultCode.InvalidParams });
  });

  it('takes feedback from logged-in traders only, with a screenshot of their own', async () => {
    const guest = await api.post('/api/feedback/submit', { topic: 1, message: 'The app crashed on login' });
    expect(guest.code).toBe(ResultCode.SessionExpired);

    const user = await createUserWithSession(t.services);
    const other = await createUserWithSession(t.services);
    const mine = await uploadOf(t, user.userId);
    const theirs = await uploadOf(t, other.userId);

    const bad: [Record<string, string | number | undefined>, string][] = [
      [{ topic: 0, message: 'long enough message' }, 'topic'],
      [{ topic: 7, message: 'long enough message' }, 'topic'],
      [{ topic: 'true', message: 'long enough message' }, 'topic'],
      [{ topic: '1.0', message: 'long enough message' }, 'topic'],
      [{ topic: '0x1', message: 'long enough message' }, 'topic'],
      [{ topic: 1 }, 'message'],
      [{ topic: 1, message: '   short   ' }, 'message'],
      [{ topic: 1, message: 'x'.repeat(2001) }, 'message'],
      [{ topic: 1, message: 'nul byte \u0000 here!!' }, 'message'],
      [{ topic: 1, message: 'long enough message', screenshot: theirs }, 'screenshot'],
      [
        { topic: 1, message: 'long enough message', screenshot: '/api/common/image/../../etc/passwd' },
        'screenshot',
      ],
      [{ topic: 1, message: 'long enough message', screenshot: 'https://evil.example/a.png' }, 'screenshot'],
    ];
    for (const [form, field] of bad) {
      const res = await api.post('/api/feedback/submit', form, { token: user.token });
      expect(res.code, JSON.stringify(form)).not.toBe(1);
      expect(res.data?.field, JSON.stringify(form)).toBe(field);
    }
    expect(await t.services.core.db.selectFrom('feedback').select('id').execute()).toEqual([]);

    const sent = await api.post(
      '/api/feedback/submit',
      { topic: FeedbackTopic.Funds, message: '  My deposit has not arrived yet.  ', screenshot: mine },
      { token: user.token, lang: 'hk' },
    );
    expect(sent.code).toBe(1);
    expect(sent.data.id).toBeGreaterThan(0);
    const queue = await t.services.content.feedback.listFeedback({ status: FeedbackStatus.Open }, 1);
    expect(queue.total).toBe(1);
    expect(queue.data[0]).toMatchObject({
      id: sent.data.id,
      user_id: user.userId,
      topic: FeedbackTopic.Funds,
      message: 'My deposit has not arrived yet.',
      screenshot: mine,
      lang: 'hk',
      status: FeedbackStatus.Open,
      handled_by: null,
    });
    expect(queue.data[0]!.contact).toMatch(/@example\.com$/);

    // A demo user may write too (without a screenshot: uploads are for real accounts).
    const demo = await createUserWithSession(t.services, { is_demo: 1 });
    const fromDemo = await api.post(
      '/api/feedback/submit',
      { topic: 6, message: 'Please add more pairs' },
      { token: demo.token },
    );
    expect(fromDemo.code).toBe(1);
  });

  it('limits feedback per user and hour', async () => {
    const user = await createUserWithSession(t.services);
    for (let i = 0; i < FEEDBACK_HOURLY_LIMIT; i++) {
      const res = await api.post(
        '/api/feedback/submit',
        { topic: 4, message: `Message number ${i}` },
        { token: user.token },
      );
      expect(res.code).toBe(1);
    }
    const over = await api.post(
      '/api/feedback/submit',
      { topic: 4, message: 'One message too many' },
      { token: user.token },
    );
    expect(over.code).toBe(ResultCode.BusinessRule);
    clock.advance(60 * 60 * 1000 + 1);
    const later = await api.post(
      '/api/feedback/submit',
      { topic: 4, message: 'An hour later again' },
      { token: user.token },
    );
    expect(later.code).toBe(1);
  });

  it('lets operators filter the queue and mark an entry handled once', async () => {
    const feedback = t.services.content.feedback;
    const all = await feedback.listFeedback({}, 1);
    expect(all.total).toBeGreaterThanOrEqual(8);
    const byTopic = await feedback.listFeedback({ topic: 4 }, 1);
    expect(byTopic.data.every((f) => f.topic === 4)).toBe(true);
    const target = all.data[0]!;
    const byUser = await feedback.listFeedback({ user_id: target.user_id }, 1);
    expect(byUser.data.every((f) => f.user_id === target.user_id)).toBe(true);

    const handled = await feedback.markFeedbackHandled(target.id, 5);
    expect(handled).toMatchObject({ status: FeedbackStatus.Handled, handled_by: 5 });
    await expect(feedback.markFeedbackHandled(target.id, 6)).rejects.toMatchObject({
      key: 'errors.already_reviewed',
    });
    expect((await feedback.getFeedback(target.id))?.handled_by).toBe(5);
    await expect(feedback.markFeedbackHandled(999_999_999, 5)).rejects.toMatchObject({
      key: 'errors.feedback_not_found',
    });
    await expect(feedback.markFeedbackHandled(target.id, 0)).rejects.toMatchObject({
      vars: { field: 'operator_id' },
    });
    const open = await feedback.listFeedback({ status: FeedbackStatus.Open }, 1);
    expect(open.data.some((f) => f.id === target.id)).toBe(false);

    await expect(feedback.listFeedback({ status: 3 as 0 }, 1)).rejects.toMatchObject({
      vars: { field: 'status' },
    });
    await expect(feedback.listFeedback({}, 0)).rejects.toMatchObject({ code: ResultCode.InvalidParams });
  });

  it('answers the support e-mail, readable from any site', async () => {
    const res = await t.app.inject({ url: '/complaint_email', headers: { origin: 'https://other.example' } });
    expect(JSON.parse(res.body)).toEqual({ code: 1, msg: '', data: { email: 'support@pipwise.example' } });
    expect(res.headers['access-control-allow-origin']).toBe('*');
    // Only this route says so.
    const other = await t.app.inject({ url: '/api/follow/list' });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();

    await t.services.core.settings.set('support_email', 'not an address<script>');
    expect((await api.get('/complaint_email')).data).toEqual({ email: '' });
    await t.services.core.settings.set('support_email', '');
    expect((await api.get('/complaint_email')).data).toEqual({ email: '' });
    await t.services.core.settings.set('support_email', 'help@pipwise.example');
    expect((await api.get('/complaint_email')).data).toEqual({ email: 'help@pipwise.example' });
    expect((await api.get('/api/default/setting?key=complaint_host')).data).toBe('');
  });

  it('lets the chat frame and the support host through the CSP only as configured', async () => {
    // The policy of the pages (the web app's HTML, here a stand-in of it).
    const csp = async () => {
      const res = await t.app.inject({ url: '/mine/chat' });
      expect(res.headers['content-type']).toContain('text/html');
      return String(res.headers['content-security-policy']);
    };
    const directive = (policy: string, name: string) =>
      policy
        .split(';')
        .find((d) => d.trim().startsWith(`${name} `))
        ?.trim() ?? '';

    await t.services.core.settings.set('service_link', '');
    expect(directive(await csp(), 'frame-src')).toBe("frame-src 'self'");

    await t.services.core.settings.set('service_link', 'https://chat.example.com:8443/room?id=1');
    await t.services.core.settings.set('complaint_host', 'https://help.example.org');
    let policy = await csp();
    expect(directive(policy, 'frame-src')).toBe("frame-src 'self' https://chat.example.com:8443");
    expect(directive(policy, 'connect-src')).toBe("connect-src 'self' ws: wss: https://help.example.org");

    // Nothing an operator types can widen the policy or add a directive.
    for (const hostile of [
      "https://chat.example.com;script-src 'unsafe-inline'",
      'https://chat.example.com, *',
      'javascript:alert(1)',
      'https://user:pass@chat.example.com/',
      '*',
      'https://*.example.com',
      "https://chat'.example.com",
    ]) {
      await t.services.core.settings.set('service_link', hostile);
      policy = await csp();
      expect(directive(policy, 'frame-src'), hostile).toBe("frame-src 'self'");
      expect(directive(policy, 'script-src'), hostile).toBe("script-src 'self'");
    }
    await t.services.core.settings.set('service_link', '');
    await t.services.core.settings.set('complaint_host', '');
  });
});
