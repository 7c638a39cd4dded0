import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PushSender } from '../src/modules/notify/index.js';
import { PushKeys } from '../src/modules/notify/push-keys.js';
import { pushesOf } from '../src/modules/notify/push.repository.js';
import { client, createTestApp, DIALECTS, fundedUser, setQuote, type TestApp } from './helper.js';
import { Browser, LocalPushService, vapidClaims } from './push-endpoint.js';

const BTC = 26;

/**
 * Web push (docs/notifications.md "Web push"): a browser subscribes with the server's VAPID
 * key; a notice written for its trader is queued in the same transaction, encrypted for that
 * browser (aes128gcm, decrypted here with the browser's keys) and signed (verified here as a
 * push service does); 404/410 forgets the subscription, other failures retry; only the push
 * services allowed are ever posted to.
 */
describe.each(DIALECTS)('web push (%s)', (dialect) => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  let service: LocalPushService;
  beforeAll(async () => {
    service = await LocalPushService.start();
    t = await createTestApp(dialect, {
      config: { PUSH_SERVICE_HOSTS: ['localhost'], PUSH_SUBJECT: 'mailto:ops@pipwise.example' },
      services: { pushAgent: service.agent },
    });
    api = client(t.app);
  });
  afterAll(async () => {
    await t.close();
    await service.stop();
  });
  beforeEach(() => setQuote(t.services, 'BTCUSD', 8_750_000, 8_753_000));

  const subscribe = (
    token: string,
    browser: Browser,
    endpoint: string,
    extra: Record<string, string | number> = {},
  ) =>
    api.post(
      '/v1/api/push/subscribe',
      { endpoint, p256dh: browser.p256dh, auth: browser.auth, ...extra },
      { token },
    );
  /** A price alert that fires at once, so one notice is written. */
  const fireAlert = async (token: string) => {
    await api.post('/v1/api/alerts/set', { forex_id: BTC, direction: 'above', price: '87510' }, { token });
    setQuote(t.services, 'BTCUSD', 8_752_000, 8_755_000);
    await t.services.trading.engine.settle();
  };

  it('delivers a notice to the browser, encrypted for it and signed with the server’s key', async () => {
    const { token } = await fundedUser(t.services, 0);
    const browser = new Browser();
    const key = (await api.get('/v1/api/push/key', { token })).data.public_key as string;
    expect(key).toMatch(/^[\w-]{87}$/);
    expect(await subscribe(token, browser, service.url('/sub/1'))).toMatchObject({
      code: 1,
      data: { subscribed: 1 },
    });
    await fireAlert(token);
    const before = service.received.length;
    expect(await t.services.pushSender.dispatch()).toBe(1);
    const push = service.received[before]!;
    expect(push.path).toBe('/sub/1');
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(push.headers.ttl)).toBeGreaterThan(0);
    const claims = vapidClaims(String(push.headers.authorization), key);
    expect(claims).toMatchObject({
      aud: new URL(service.url('/')).origin,
      sub: 'mailto:ops@pipwise.example',
    });
    const notice = (await api.get('/v1/api/inbox/list', { token })).data.data[0];
    expect(browser.read(push.body)).toEqual({
      title: 'Pipwise',
      body: 'BTCUSD rose to 87520.00 (alert at 87510.00)',
      tag: `notice-${notice.id}`,
      url: '/inbox',
    });
    // Sent once: another pass has nothing due.
    expect(await t.services.pushSender.dispatch()).toBe(0);
  });

  it('writes in the language the browser subscribed in, and shows amounts only when allowed', async () => {
    const { userId, token } = await fundedUser(t.services, 1_000);
    const browser = new Browser();
    await api.post(
      '/v1/api/push/subscribe',
      { endpoint: service.url('/sub/de'), p256dh: browser.p256dh, auth: browser.auth },
      { token, lang: 'de' },
    );
    // A withdrawal's decision is a notice with an amount.
    const written = await t.services.core.transactions.run(userId, (tx) =>
      t.services.inbox.write(tx.trx, userId, 'withdrawal', {
        withdrawal_id: 7,
        status: 'paid',
        amount: '300.00',
        note: '',
      }),
    );
    expect(written).toBe(true);
    const before = service.received.length;
    await t.services.pushSender.dispatch();
    const privateOne = browser.read(service.received.at(-1)!.body) as { body: string };
    expect(service.received.length).toBeGreaterThan(before);
    expect(privateOne.body).not.toContain('300');
    // Subscribed again allowing amounts (the same browser: the same endpoint, replaced).
    await api.post(
      '/v1/api/push/subscribe',
      { endpoint: service.url('/sub/de'), p256dh: browser.p256dh, auth: browser.auth, show_amounts: 1 },
      { token, lang: 'de' },
    );
    await t.services.core.transactions.run(userId, (tx) =>
      t.services.inbox.write(tx.trx, userId, 'withdrawal', {
        withdrawal_id: 8,
        status: 'paid',
        amount: '300.00',
        note: '',
      }),
    );
    await t.services.pushSender.dispatch();
    const shown = browser.read(service.received.at(-1)!.body) as { body: string; title: string };
    expect(shown.body).toContain('300.00');
    expect(shown.body).not.toBe(privateOne.body);
    expect(shown.title).toBe('Pipwise');
  });

  it('forgets a subscription the push service says is gone, and retries one that failed', async () => {
    const { token } = await fundedUser(t.services, 0);
    const gone = new Browser();
    const broken = new Browser();
    await subscribe(token, gone, service.url('/gone/1'));
    await subscribe(token, broken, service.url('/broken/1'));
    await fireAlert(token);
    await t.services.pushSender.dispatch();
    expect((await api.get('/v1/api/push/settings', { token })).data.subscriptions).toBe(1);
    const subs = await t.services.core.db
      .selectFrom('push_subscriptions')
      .select('id')
      .where('endpoint', '=', service.url('/broken/1'))
      .executeTakeFirstOrThrow();
    const [retry] = await pushesOf(t.services.core.db, Number(subs.id));
    expect(retry).toMatchObject({ status: 'pending', attempts: 1 });
    expect(Number(retry!.due_at)).toBeGreaterThan(t.services.core.now() + 30_000);
    const goneRows = await t.services.core.db
      .selectFrom('push_outbox')
      .select('status')
      .where('status', '=', 'gone')
      .execute();
    expect(goneRows.length).toBeGreaterThanOrEqual(1);
  });

  it('a queued push survives a restart and two senders deliver it once', async () => {
    const { token } = await fundedUser(t.services, 0);
    const browser = new Browser();
    await subscribe(token, browser, service.url('/sub/restart'));
    await fireAlert(token);
    // Not sent by this instance: two fresh senders (two instances after a restart) race for it.
    const sender = () =>
      new PushSender({
        db: t.services.core.db,
        t: t.services.core.t,
        log: t.services.core.log,
        now: t.services.core.now,
        keys: new PushKeys(t.services.core.db, 'mailto:ops@pipwise.example', t.services.core.now),
        agent: service.agent,
      });
    const before = service.received.filter((r) => r.path === '/sub/restart').length;
    const sent = await Promise.all([sender().dispatch(), sender().dispatch()]);
    expect(sent.reduce((a, b) => a + b, 0)).toBe(1);
    expect(service.received.filter((r) => r.path === '/sub/restart').length).toBe(before + 1);
  });

  it('accepts only an https push service it knows, and keeps each trader to their own', async () => {
    const { token } = await fundedUser(t.services, 0);
    const other = await fundedUser(t.services, 0);
    const browser = new Browser();
    for (const endpoint of [
      'http://localhost/sub/1',
      'https://evil.example/sub/1',
      'https://localhost.evil.example/x',
      'https://user:pw@localhost/x',
      'javascript:alert(1)',
      'https://127.0.0.1/x',
    ])
      expect((await subscribe(token, browser, endpoint)).msg, endpoint).toBe(
        "This browser's notification service is not supported",
      );
    const refused: Record<string, string | number>[] = [
      { p256dh: 'short' },
      { auth: '!!!!!!!!!!!!!!!!!!!!' },
      { show_amounts: 2 },
    ];
    for (const bad of refused)
      expect((await subscribe(token, browser, service.url('/sub/x'), bad)).code).not.toBe(1);
    await subscribe(token, browser, service.url('/sub/mine'));
    // Another account knowing the URL cannot take it over; the browser holding it can (its keys).
    expect((await subscribe(other.token, new Browser(), service.url('/sub/mine'))).code).toBe(2000);
    expect((await api.get('/v1/api/push/settings', { token })).data.subscriptions).toBe(1);
    expect(
      (
        await api.post(
          '/v1/api/push/unsubscribe',
          { endpoint: service.url('/sub/mine') },
          { token: other.token },
        )
      ).msg,
    ).toBe('This device does not receive notifications');
    // A kind switched off for push is still in the inbox, and not pushed.
    expect(
      (await api.post('/v1/api/push/switch', { kind: 'price_alert', enabled: 0 }, { token })).data,
    ).toMatchObject({
      subscriptions: 1,
      kinds: { price_alert: 0, deposit: 1 },
    });
    await fireAlert(token);
    const subscription = await t.services.core.db
      .selectFrom('push_subscriptions')
      .select('id')
      .where('endpoint', '=', service.url('/sub/mine'))
      .executeTakeFirstOrThrow();
    expect(await pushesOf(t.services.core.db, Number(subscription.id))).toEqual([]);
    expect((await api.get('/v1/api/inbox/list', { token })).data.total).toBe(1);
    expect(
      (await api.post('/v1/api/push/unsubscribe', { endpoint: service.url('/sub/mine') }, { token })).code,
    ).toBe(1);
  });
});
