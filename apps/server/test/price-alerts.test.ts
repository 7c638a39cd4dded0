import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { points } from '@pipwise/shared';
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

/**
 * Move alerts (docs/notifications.md "Price alerts"): the bid moving a percentage up from
 * the window's low or down from its high, measured per window at one-minute resolution and
 * fired once, exactly at the threshold, with the bid and the reference it moved from.
 * Their ticks are pushed more than a day after the backfilled candles, one day apart per
 * test, so no window sees another test's prices.
 */
describe.each(DIALECTS)('move alerts (%s)', (dialect) => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  /** The start of a minute a day and more after anything before. */
  let day = 0;
  const nextMinute = () => {
    day += 1;
    return Math.floor((weekdayClock() + (day + 1) * 86_400_000) / 60_000) * 60_000;
  };
  beforeAll(async () => {
    t = await createTestApp(dialect);
    api = client(t.app);
  });
  afterAll(async () => t.close());

  const tick = async (bid: number, at: number) => {
    setQuote(t.services, 'BTCUSD', bid, bid + 3000, at);
    await t.services.trading.engine.settle();
  };
  const set = (token: string, body: Record<string, unknown>) =>
    api.post('/v1/api/alerts/set', { forex_id: BTC, kind: 'move', ...body }, { token });
  const list = async (token: string) => (await api.get('/v1/api/alerts/list', { token })).data;
  const byId = async (token: string, id: number) =>
    (await list(token)).data.find((a: { id: number }) => a.id === id);

  it('fires up once at the exact threshold over the window low, not a point before', async () => {
    const { userId, token } = await fundedUser(t.services, 0);
    const m = nextMinute();
    await tick(8_750_000, m + 1_000);
    await tick(8_740_000, m + 20_000); // the window's low
    const saved = await set(token, { direction: 'up', window: '15m', percent: '0.5' });
    expect(saved).toMatchObject({
      code: 1,
      data: { kind: 'move', direction: 'up', window: '15m', percent: '0.50', price: 0, fired_at: 0 },
    });
    // 87,400.00 × 1.005 = 87,837.00
    await tick(8_783_699, m + 60_000);
    expect((await byId(token, saved.data.id)).fired_at).toBe(0);
    await tick(8_783_700, m + 90_000);
    await tick(8_900_000, m + 100_000);
    const fired = await byId(token, saved.data.id);
    expect(fired).toMatchObject({ fired_price: 87837, fired_reference: 87400 });
    expect(fired.fired_at).toBeGreaterThan(0);
    const notices = (await api.get('/v1/api/inbox/list', { token })).data;
    expect(notices.data).toEqual([
      expect.objectContaining({
        kind: 'price_alert',
        data: {
          alert_id: saved.data.id,
          code: 'BTCUSD',
          direction: 'up',
          price: '87400.00',
          fired_price: '87837.00',
          kind: 'move',
          window: '15m',
          percent: '0.50',
        },
      }),
    ]);
    expect(t.services.trading.engine.index.accounts.get(userId)).toBeUndefined();
    expect(await t.services.trading.engine.reconcile()).toEqual([]);
  });

  it('fires down from the window high; a gap past the threshold fires with the bid beyond', async () => {
    const { token } = await fundedUser(t.services, 0);
    const m = nextMinute();
    await tick(8_800_000, m + 1_000); // the window's high
    const down = await set(token, { direction: 'down', window: '5m', percent: '1' });
    const up = await set(token, { direction: 'up', window: '5m', percent: '1' });
    // 88,000.00 × 0.99 = 87,120.00
    await tick(8_712_001, m + 30_000);
    expect((await byId(token, down.data.id)).fired_at).toBe(0);
    await tick(8_650_000, m + 61_000);
    expect(await byId(token, down.data.id)).toMatchObject({ fired_price: 86500, fired_reference: 88000 });
    expect((await byId(token, up.data.id)).fired_at).toBe(0);
  });

  it('measures from the window only: an older low has dropped out of it', async () => {
    const { token } = await fundedUser(t.services, 0);
    const m = nextMinute();
    await tick(8_700_000, m + 10_000);
    const five = await set(token, { direction: 'up', window: '5m', percent: '0.5' });
    const hour = await set(token, { direction: 'up', window: '1h', percent: '0.5' });
    // From 87,000.00 the threshold is 87,435.00; a point before, within both windows.
    await tick(8_743_499, m + 4 * 60_000 + 50_000);
    // No tick for a while: the 5-minute window is now minutes m+1 … m+5 (low 87,434.99).
    await tick(8_760_000, m + 5 * 60_000 + 1_000);
    expect((await byId(token, five.data.id)).fired_at).toBe(0);
    expect(await byId(token, hour.data.id)).toMatchObject({ fired_price: 87600, fired_reference: 87000 });
    // A gap of ten minutes: the window holds nothing older, so a small step is no move.
    await tick(8_790_000, m + 16 * 60_000);
    expect((await byId(token, five.data.id)).fired_at).toBe(0);
    // 87,900.00 → 88,339.50 within the window fires it.
    await tick(8_833_950, m + 17 * 60_000);
    expect(await byId(token, five.data.id)).toMatchObject({ fired_price: 88339.5, fired_reference: 87900 });
  });

  it('edits, deletes and the limit count both kinds; only the owner; strict input', async () => {
    const owner = await fundedUser(t.services, 0);
    const other = await fundedUser(t.services, 0);
    const m = nextMinute();
    await tick(BID, m + 1_000);
    const { data } = await set(owner.token, { direction: 'up', window: '1h', percent: '2' });
    expect(
      await set(other.token, { id: data.id, direction: 'up', window: '1h', percent: '3' }),
    ).toMatchObject({ code: 2000, msg: 'Alert not found' });
    expect(await api.post('/v1/api/alerts/delete', { id: data.id }, { token: other.token })).toMatchObject({
      code: 2000,
      msg: 'Alert not found',
    });
    const moved = await set(owner.token, { id: data.id, direction: 'down', window: '4h', percent: '50' });
    expect(moved.data).toMatchObject({
      id: data.id,
      kind: 'move',
      direction: 'down',
      window: '4h',
      percent: '50.00',
    });
    // A move alert edited into a price alert, and back.
    const priced = await api.post(
      '/v1/api/alerts/set',
      { id: data.id, forex_id: BTC, direction: 'below', price: '87000' },
      { token: owner.token },
    );
    expect(priced.data).toMatchObject({ id: data.id, kind: 'price', price: 87000, window: '', percent: '' });
    const back = await set(owner.token, { id: data.id, direction: 'up', window: '24h', percent: '0.01' });
    expect(back.data).toMatchObject({ kind: 'move', window: '24h', percent: '0.01' });
    expect(await t.services.trading.engine.reconcile()).toEqual([]);

    await t.services.core.settings.set('max_alerts', '2');
    try {
      expect((await set(owner.token, { direction: 'down', window: '5m', percent: '1.25' })).code).toBe(1);
      expect(await set(owner.token, { direction: 'up', window: '5m', percent: '1' })).toMatchObject({
        code: 2000,
        msg: 'You can keep at most 2 alerts armed. Delete one first.',
      });
      // An edit of an armed one does not count again.
      expect(
        (await set(owner.token, { id: data.id, direction: 'up', window: '5m', percent: '3' })).code,
      ).toBe(1);
    } finally {
      await t.services.core.settings.set('max_alerts', '50');
    }
    expect(await api.post('/v1/api/alerts/delete', { id: data.id }, { token: owner.token })).toMatchObject({
      code: 1,
    });

    for (const bad of [
      { kind: 'move', forex_id: BTC, direction: 'up', window: '1h', percent: '0' },
      { kind: 'move', forex_id: BTC, direction: 'up', window: '1h', percent: 0 },
      { kind: 'move', forex_id: BTC, direction: 'up', window: '1h', percent: '50.01' },
      { kind: 'move', forex_id: BTC, direction: 'up', window: '1h', percent: '0.125' },
      { kind: 'move', forex_id: BTC, direction: 'up', window: '1h', percent: '0x1' },
      { kind: 'move', forex_id: BTC, direction: 'up', window: '1h', percent: true },
      { kind: 'move', forex_id: BTC, direction: 'up', window: '1h', percent: '-1' },
      { kind: 'move', forex_id: BTC, direction: 'up', window: '1h', percent: '1e1' },
      { kind: 'move', forex_id: BTC, direction: 'up', window: '2h', percent: '1' },
      { kind: 'move', forex_id: BTC, direction: 'up', window: 60, percent: '1' },
      { kind: 'move', forex_id: BTC, direction: 'above', window: '1h', percent: '1' },
      { kind: 'move', forex_id: BTC, direction: 'up', percent: '1' },
      { kind: 'move', forex_id: BTC, direction: 'up', window: '1h' },
      { kind: 'price', forex_id: BTC, direction: 'up', window: '1h', percent: '1' },
      // A field of the other kind is refused, not ignored.
      { kind: 'move', forex_id: BTC, direction: 'up', window: '1h', percent: '1', price: '87600' },
      { forex_id: BTC, direction: 'above', price: '87600', window: '1h' },
      { kind: 'price', forex_id: BTC, direction: 'above', price: '87600', percent: '1' },
      { kind: 'moves', forex_id: BTC, direction: 'up', window: '1h', percent: '1' },
      { kind: 'move', forex_id: 999_999, direction: 'up', window: '1h', percent: '1' },
    ]) {
      const res = envelope(
        await t.app.inject({
          method: 'POST',
          url: '/v1/api/alerts/set',
          headers: { authorization: owner.token, lang: 'en', 'content-type': 'application/json' },
          payload: JSON.stringify(bad),
        }),
      );
      expect(res.code, JSON.stringify(bad)).not.toBe(1);
      expect(res.msg).not.toMatch(/internal|stack/i);
    }
    expect((await list(owner.token)).data.filter((a: { fired_at: number }) => a.fired_at === 0)).toHaveLength(
      1,
    );
  });
});

describe.each(DIALECTS)('move alerts across a restart (%s)', (dialect) => {
  it('seeds the rolling low and high from the stored 1-minute candles of the last day', async () => {
    const t = await createTestApp(dialect);
    const api = client(t.app);
    const m = Math.floor((weekdayClock() + 3 * 86_400_000) / 60_000) * 60_000;
    const { token } = await fundedUser(t.services, 0);
    const set = (body: Record<string, unknown>) =>
      api.post('/v1/api/alerts/set', { forex_id: BTC, kind: 'move', ...body }, { token });
    const hour = await set({ direction: 'up', window: '1h', percent: '1' });
    const quarter = await set({ direction: 'up', window: '15m', percent: '1' });
    const candle = (time: number, low: number, high: number) => ({
      instrument_id: BTC,
      period: '1min',
      time,
      open: points(high),
      high: points(high),
      low: points(low),
      close: points(low),
      volume: 1,
    });
    await t.services.core.db
      .insertInto('candles')
      .values([
        candle(m - 25 * 3_600_000, 8_000_000, 8_000_000), // older than a day: not read
        candle(m - 20 * 60_000, 8_600_000, 8_760_000),
        candle(m - 3 * 60_000, 8_740_000, 8_755_000),
      ])
      .execute();
    await t.app.close();
    await stopServer(t.services);

    const start = performance.now();
    const second = await createServer(
      t.database.handle,
      { SIM_SEED: 42, SIM_TICK_MS: 500 },
      { backfill: TEST_BACKFILL, now: () => m + Math.floor(performance.now() - start) },
    );
    try {
      const fired = async () =>
        Object.fromEntries(
          (
            await second.core.db
              .selectFrom('price_alerts')
              .select(['id', 'fired_price', 'fired_reference'])
              .where('fired_at', 'is not', null)
              .execute()
          ).map((r) => [Number(r.id), [Number(r.fired_price), Number(r.fired_reference)]]),
        );
      // From the hour's low 86,000.00 (twenty minutes ago) 1 % is 86,860.00.
      setQuote(second, 'BTCUSD', 8_685_999, 8_688_999, m + 5_000);
      await second.trading.engine.settle();
      expect(await fired()).toEqual({});
      setQuote(second, 'BTCUSD', 8_686_000, 8_689_000, m + 6_000);
      await second.trading.engine.settle();
      // The quarter hour's low is 87,400.00 (three minutes ago): no rise within it.
      expect(await fired()).toEqual({ [hour.data.id]: [8_686_000, 8_600_000] });
      expect(quarter.data.fired_at).toBe(0);
    } finally {
      await stopServer(second);
      await t.database.drop();
    }
  });
});
