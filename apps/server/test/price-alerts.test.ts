import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createServer, stopServer } from '../src/app.js';
import {
  client,
  envelope,
  createTestApp,
  DIALECTS,
  fundedUser,
  setQuote,
  TEST_BACKFILL,
  weekdayClock,
  type TestApp,
} from './helper.js';

const BTC = 26;
/** BTCUSD bid 87,500.00 (points of 0.01). */
const BID = 8_750_000;

/**
 * Price alerts (docs/notifications.md "Price alerts"): set, edited and deleted by their
 * owner only, checked against the pair's digits and the bid; watched in the engine's books,
 * fired once with the bid that reached them, told in the inbox, and kept across a restart.
 */
describe.each(DIALECTS)('price alerts (%s)', (dialect) => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    api = client(t.app);
  });
  afterAll(async () => t.close());
  beforeEach(() => setQuote(t.services, 'BTCUSD', BID, BID + 3000));

  const set = (token: string, body: Record<string, string | number | undefined>) =>
    api.post('/v1/api/alerts/set', body, { token });
  const list = async (token: string) => (await api.get('/v1/api/alerts/list', { token })).data;
  const inbox = async (token: string) => (await api.get('/v1/api/inbox/list', { token })).data;

  it('fires an alert once, at the first bid that reaches it, with a notice in the inbox', async () => {
    const { userId, token } = await fundedUser(t.services, 100);
    const saved = await set(token, { forex_id: BTC, direction: 'above', price: '87600.5' });
    expect(saved).toMatchObject({
      code: 1,
      msg: 'Alert saved',
      data: { direction: 'above', price: 87600.5, fired_at: 0 },
    });
    const below = await set(token, { forex_id: BTC, direction: 'below', price: '87000' });
    expect(below.code).toBe(1);

    setQuote(t.services, 'BTCUSD', 8_760_049, 8_763_049); // one point short
    await t.services.trading.engine.settle();
    expect((await list(token)).data.every((a: { fired_at: number }) => a.fired_at === 0)).toBe(true);

    setQuote(t.services, 'BTCUSD', 8_760_120, 8_763_120); // a gap past the level
    await t.services.trading.engine.settle();
    setQuote(t.services, 'BTCUSD', 8_761_000, 8_764_000);
    await t.services.trading.engine.settle();
    const after = (await list(token)).data;
    const fired = after.find((a: { id: number }) => a.id === saved.data.id);
    expect(fired).toMatchObject({ fired_price: 87601.2 });
    expect(fired.fired_at).toBeGreaterThan(0);
    // Armed first: the "below" one is still waiting.
    expect(after[0]).toMatchObject({ id: below.data.id, fired_at: 0 });

    const notices = await inbox(token);
    expect(notices.unread).toBe(1);
    expect(notices.data).toEqual([
      expect.objectContaining({
        kind: 'price_alert',
        read: 0,
        data: {
          alert_id: saved.data.id,
          code: 'BTCUSD',
          direction: 'above',
          price: '87600.50',
          fired_price: '87601.20',
        },
      }),
    ]);
    // The index no longer holds it; nothing drifted.
    expect(t.services.trading.engine.index.accounts.get(userId)?.alerts.size).toBe(1);
    expect(await t.services.trading.engine.reconcile()).toEqual([]);
  });

  it('edits move the level (a fired alert is armed again), deletes remove it; both only for the owner', async () => {
    const owner = await fundedUser(t.services, 0);
    const other = await fundedUser(t.services, 0);
    const { data } = await set(owner.token, { forex_id: BTC, direction: 'below', price: '87000' });
    expect(
      await set(other.token, { id: data.id, forex_id: BTC, direction: 'below', price: '86000' }),
    ).toMatchObject({
      code: 2000,
      msg: 'Alert not found',
    });
    expect(await api.post('/v1/api/alerts/delete', { id: data.id }, { token: other.token })).toMatchObject({
      code: 2000,
      msg: 'Alert not found',
    });
    const moved = await set(owner.token, { id: data.id, forex_id: BTC, direction: 'below', price: '86500' });
    expect(moved.data).toMatchObject({ id: data.id, price: 86500 });
    // The old level no longer fires; the new one does.
    setQuote(t.services, 'BTCUSD', 8_690_000, 8_693_000);
    await t.services.trading.engine.settle();
    expect((await list(owner.token)).data[0].fired_at).toBe(0);
    setQuote(t.services, 'BTCUSD', 8_650_000, 8_653_000);
    await t.services.trading.engine.settle();
    expect((await list(owner.token)).data[0].fired_price).toBe(86500);
    // Armed again from the current bid.
    setQuote(t.services, 'BTCUSD', BID, BID + 3000);
    const rearmed = await set(owner.token, {
      id: data.id,
      forex_id: BTC,
      direction: 'below',
      price: '87400',
    });
    expect(rearmed.data).toMatchObject({ fired_at: 0, fired_price: 0 });
    expect(await api.post('/v1/api/alerts/delete', { id: data.id }, { token: owner.token })).toMatchObject({
      code: 1,
      msg: 'Alert deleted',
    });
    expect((await list(owner.token)).data).toEqual([]);
    expect(t.services.trading.engine.index.accounts.get(owner.userId)).toBeUndefined();
    expect(await t.services.trading.engine.reconcile()).toEqual([]);
  });

  it('refuses a price on the wrong side, off the digits, too far, or past the limit, and odd input', async () => {
    const { token } = await fundedUser(t.services, 0);
    expect(await set(token, { forex_id: BTC, direction: 'above', price: '87400' })).toMatchObject({
      code: 2000,
      msg: 'An alert above the price must be set above 87,500.00',
    });
    expect(await set(token, { forex_id: BTC, direction: 'below', price: '87500' })).toMatchObject({
      code: 2000,
      msg: 'An alert below the price must be set below 87,500.00',
    });
    expect((await set(token, { forex_id: BTC, direction: 'above', price: '87600.001' })).msg).toMatch(
      /2 decimals/,
    );
    expect((await set(token, { forex_id: BTC, direction: 'above', price: '900000' })).msg).toBe(
      'That price is too far from 87,500.00',
    );
    for (const bad of [
      { forex_id: true, direction: 'above', price: '87600' },
      { forex_id: [26], direction: 'above', price: '87600' },
      { forex_id: '0x1a', direction: 'above', price: '87600' },
      { forex_id: BTC, direction: 'sideways', price: '87600' },
      { forex_id: BTC, direction: 'above', price: '1e5' },
      { forex_id: BTC, direction: 'above', price: -87600 },
      { forex_id: BTC, direction: 'above', price: '87600', id: 'x' },
      { forex_id: 999_999, direction: 'above', price: '87600' },
    ]) {
      const res = envelope(
        await t.app.inject({
          method: 'POST',
          url: '/v1/api/alerts/set',
          headers: { authorization: token, lang: 'en', 'content-type': 'application/json' },
          payload: JSON.stringify(bad),
        }),
      );
      expect(res.code, JSON.stringify(bad)).not.toBe(1);
      expect(res.msg).not.toMatch(/internal|stack/i);
    }
    await t.services.core.settings.set('max_alerts', '2');
    try {
      expect((await set(token, { forex_id: BTC, direction: 'above', price: '88000' })).code).toBe(1);
      expect((await set(token, { forex_id: BTC, direction: 'above', price: '88001' })).code).toBe(1);
      expect(await set(token, { forex_id: BTC, direction: 'above', price: '88002' })).toMatchObject({
        code: 2000,
        msg: 'You can keep at most 2 alerts armed. Delete one first.',
      });
      expect((await list(token)).max).toBe(2);
    } finally {
      await t.services.core.settings.set('max_alerts', '50');
    }
  });

  it('sets an alert once per Idempotency-Key: a retried save answers the first alert', async () => {
    const { token } = await fundedUser(t.services, 100);
    const save = async (key: string, price: string) =>
      envelope(
        await t.app.inject({
          method: 'POST',
          url: '/v1/api/alerts/set',
          headers: { lang: 'en', authorization: token, 'idempotency-key': key },
          payload: { forex_id: BTC, direction: 'above', price },
        }),
      );
    const first = await save('alert-tap-1', '87650');
    const again = await save('alert-tap-1', '87650');
    expect(first.code).toBe(1);
    expect(again).toMatchObject({ code: 1, data: { id: first.data.id } });
    expect((await list(token)).data).toHaveLength(1);
    expect(await save('alert-tap-1', '87700')).toMatchObject({
      code: 2000,
      msg: 'This request key was already used for a different request',
    });
    expect((await save('alert-tap-2', '87700')).data.id).not.toBe(first.data.id);
    expect((await list(token)).data).toHaveLength(2);
  });

  it('tells nothing when the trader switched price alerts off in the inbox', async () => {
    const { token } = await fundedUser(t.services, 0);
    expect(
      await api.post('/v1/api/inbox/switch', { kind: 'price_alert', enabled: 0 }, { token }),
    ).toMatchObject({
      code: 1,
      data: { price_alert: 0, deposit: 1 },
    });
    await set(token, { forex_id: BTC, direction: 'above', price: '87510' });
    setQuote(t.services, 'BTCUSD', 8_752_000, 8_755_000);
    await t.services.trading.engine.settle();
    expect((await list(token)).data[0].fired_price).toBe(87520);
    expect(await inbox(token)).toMatchObject({ data: [], unread: 0 });
  });
});

describe.each(DIALECTS)('price alerts across a restart (%s)', (dialect) => {
  it('a new engine reads armed alerts from the database and fires them; fired ones stay fired', async () => {
    const t = await createTestApp(dialect);
    const api = client(t.app);
    setQuote(t.services, 'BTCUSD', BID, BID + 3000);
    const { token } = await fundedUser(t.services, 0);
    const a = await api.post(
      '/v1/api/alerts/set',
      { forex_id: BTC, direction: 'above', price: '87700' },
      { token },
    );
    const b = await api.post(
      '/v1/api/alerts/set',
      { forex_id: BTC, direction: 'below', price: '87300' },
      { token },
    );
    setQuote(t.services, 'BTCUSD', 8_730_000, 8_733_000);
    await t.services.trading.engine.settle();
    await t.app.close();
    await stopServer(t.services);

    const second = await createServer(
      t.database.handle,
      { SIM_SEED: 42, SIM_TICK_MS: 500 },
      { backfill: TEST_BACKFILL, now: weekdayClock },
    );
    try {
      const books = second.trading.engine.index.books.get(BTC)!;
      expect(books.size).toBeGreaterThanOrEqual(1);
      setQuote(second, 'BTCUSD', 8_770_000, 8_773_000);
      setQuote(second, 'BTCUSD', 8_720_000, 8_723_000);
      await second.trading.engine.settle();
      const rows = await second.core.db
        .selectFrom('price_alerts')
        .select(['id', 'fired_price'])
        .orderBy('id')
        .execute();
      expect(rows.map((r) => [Number(r.id), Number(r.fired_price)])).toEqual([
        [a.data.id, 8_770_000],
        [b.data.id, 8_730_000],
      ]);
      const notices = await second.core.db.selectFrom('notices').select('kind').execute();
      expect(notices).toHaveLength(2);
    } finally {
      await stopServer(second);
      await t.database.drop();
    }
  });
});
