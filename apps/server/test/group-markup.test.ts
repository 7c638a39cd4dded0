import {
  adminSaveGroupConditionEndpoint,
  adminSaveGroupEndpoint,
  adminSetUserGroupEndpoint,
} from '@pipwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, createOperator, type TestOperator } from './admin-fixtures.js';
import { groupBody } from './group-fixtures.js';
import {
  client,
  createTestApp,
  DIALECTS,
  fundedUser,
  ledgerOf,
  setQuote,
  TestClock,
  type TestApp,
} from './helper.js';

/**
 * A trading group's markup (docs/trading-groups.md "Markup") on both databases: the account
 * deals at the board's bid less floor(m/2) points and its ask plus the rest — its fills,
 * closes, TP/SL and pending triggers, valuation and preview — and an open order keeps the
 * markup it was placed with when the group changes.
 */
const EURUSD = 1;
const GBPUSD = 2;
/** Wednesday 25 November 2026, 10:00 New York: every market is open. */
const WED_MORNING = Date.parse('2026-11-25T15:00:00Z');

describe.each(DIALECTS)('group markup (%s)', (dialect) => {
  let t: TestApp;
  let admin: TestOperator;
  let api: ReturnType<typeof client>;
  const clock = new TestClock(WED_MORNING);
  const call = async (endpoint: Parameters<ReturnType<typeof adminClient>['call']>[0], body: unknown) => {
    const res = await adminClient(t.app).call(endpoint, body, { token: admin.token });
    expect(res.code, res.msg).toBe(1);
    return res.data;
  };
  /** The board: EUR/USD 1.15800 / 1.15810. */
  const board = (bid = 115_800, ask = 115_810) => setQuote(t.services, 'EURUSD', bid, ask);
  const settle = () => t.services.trading.engine.settle();
  /** A trader in a new group whose EUR/USD condition sets `markup` points. */
  const traderWithMarkup = async (name: string, markup: number) => {
    const group = await call(adminSaveGroupEndpoint, groupBody(name, { swap_free: 1, trade_fee_type: 1 }));
    const condition = await call(adminSaveGroupConditionEndpoint, {
      group_id: group.id,
      instrument_id: EURUSD,
      fee_rate: '0',
      markup_points: markup,
    });
    const trader = await fundedUser(t.services, 10_000);
    await call(adminSetUserGroupEndpoint, { id: trader.userId, group_id: group.id, reason: 'test' });
    return { ...trader, groupId: group.id as number, condition };
  };
  const submit = (token: string, form: object) =>
    api.post(
      '/v1/api/forex/submit',
      { status: 1, type: 1, cont: '1', forex_id: EURUSD, multiple: 100, ...form },
      {
        token,
      },
    );
  const deals = async (token: string, status: number) =>
    (await api.get(`/v1/api/forex/my_deal?status=${status}`, { token })).data.data as any[];

  beforeAll(async () => {
    t = await createTestApp(dialect, { services: { now: clock.now } });
    api = client(t.app);
    admin = await createOperator(t.services, 'admin');
  });
  afterAll(async () => t.close());

  it('opens and closes at the widened quote, books the wider spread, and tells the trader the markup', async () => {
    const trader = await traderWithMarkup('Wide 6', 6);
    expect(trader.condition).toMatchObject({ instrument_id: EURUSD, markup_points: 6, fee_rate: '0' });
    const conditions = (await api.get('/v1/api/main/account/conditions', { token: trader.token })).data;
    const byId = new Map(conditions.instruments.map((i: any) => [i.id, i]));
    expect(byId.get(EURUSD)).toMatchObject({ markup_points: 6 });
    expect(byId.get(GBPUSD)).toMatchObject({ markup_points: 0 });

    board();
    const preview = await api.post(
      '/v1/api/forex/preview',
      { status: 1, type: 1, cont: '1', forex_id: EURUSD, multiple: 100 },
      { token: trader.token },
    );
    expect(preview.code, preview.msg).toBe(1);
    // Ask 1.15810 + 3 points; the spread paid is the board's 10 points and the group's 6: 16 USD a lot.
    expect(preview.data).toMatchObject({ entry: 1.15813, spread_cost: 16 });
    const buy = await submit(trader.token, {});
    expect(buy.code, buy.msg).toBe(1);
    expect(buy.data.OriginPrice).toBe(1.15813);
    const sell = await submit(trader.token, { type: 2 });
    expect(sell.data.OriginPrice).toBe(1.15797);

    // Valued at the widened quote: each is 16 USD down at once.
    const holding = await deals(trader.token, 1);
    expect(holding.map((o) => o.FactProfits).sort()).toEqual([-16, -16]);

    board();
    const closedBuy = await api.post('/v1/api/forex/close', { id: buy.data.Id }, { token: trader.token });
    expect(closedBuy.data).toMatchObject({ UpdatePrice: 1.15797, FactProfits: -16 });
    const closedSell = await api.post('/v1/api/forex/close', { id: sell.data.Id }, { token: trader.token });
    expect(closedSell.data).toMatchObject({ UpdatePrice: 1.15813, FactProfits: -16 });
    const { balance, logSum } = await ledgerOf(t.services, trader.userId);
    expect(balance).toBe(logSum);
    expect(balance).toBe(10_000_000_000 - 32_000_000);
  });

  it('keeps an open position’s markup when the group’s changes; the next order takes the new one', async () => {
    const trader = await traderWithMarkup('Wide 4', 4);
    board();
    const before = (await submit(trader.token, {})).data;
    expect(before.OriginPrice).toBe(1.15812);
    await call(adminSaveGroupConditionEndpoint, {
      group_id: trader.groupId,
      instrument_id: EURUSD,
      fee_rate: '0',
      markup_points: 20,
    });
    board();
    const after = (await submit(trader.token, {})).data;
    expect(after.OriginPrice).toBe(1.1582);
    board();
    // The first closes at bid − 2 (its markup of 4), the second at bid − 10 (its 20).
    const first = await api.post('/v1/api/forex/close', { id: before.Id }, { token: trader.token });
    expect(first.data).toMatchObject({ UpdatePrice: 1.15798, FactProfits: -14 });
    const second = await api.post('/v1/api/forex/close', { id: after.Id }, { token: trader.token });
    expect(second.data).toMatchObject({ UpdatePrice: 1.1579, FactProfits: -30 });
  });

  it('fires TP, SL and pending orders when the widened price reaches them, in the engine’s books', async () => {
    const trader = await traderWithMarkup('Wide 7', 7);
    board();
    // A buy closes at bid − 3: its TP 1.15850 is reached at a board bid of 1.15853.
    const tp = (await submit(trader.token, { target_profit_price: 1.1585 })).data;
    // A sell closes at ask + 4: its SL 1.15850 is reached at a board ask of 1.15846.
    const sl = (await submit(trader.token, { type: 2, stop_loss_price: 1.1585 })).data;
    // A sell limit fills at bid − 3 ≥ 1.15900: a board bid of 1.15903.
    const limit = (await submit(trader.token, { type: 2, status: 0, target_price: 1.159 })).data;
    board(115_852, 115_845);
    await settle();
    expect((await deals(trader.token, 1)).map((o) => o.Id).sort()).toEqual([tp.Id, sl.Id].sort());
    board(115_853, 115_846);
    await settle();
    const history = new Map((await deals(trader.token, 3)).map((o) => [o.Id, o]));
    expect(history.get(tp.Id)).toMatchObject({ CloseReason: 'tp', UpdatePrice: 1.1585 });
    expect(history.get(sl.Id)).toMatchObject({ CloseReason: 'sl', UpdatePrice: 1.1585 });
    board(115_902, 115_912);
    await settle();
    expect((await deals(trader.token, 0)).map((o) => o.Id)).toEqual([limit.Id]);
    board(115_903, 115_913);
    await settle();
    const filled = (await deals(trader.token, 1)).find((o) => o.Id === limit.Id);
    expect(filled).toMatchObject({ OriginPrice: 1.159 });
    const { balance, logSum } = await ledgerOf(t.services, trader.userId);
    expect(balance).toBe(logSum);
  });

  it('refuses a markup out of range and keeps a condition that only sets one', async () => {
    const group = await call(adminSaveGroupEndpoint, groupBody('Markup only', { professional: 0 }));
    const ops = adminClient(t.app);
    for (const bad of [-1, 1.5, '0x3', '1e1', true, [3], 100_001])
      expect(
        (
          await ops.call(
            adminSaveGroupConditionEndpoint,
            { group_id: group.id, instrument_id: EURUSD, markup_points: bad },
            { token: admin.token },
          )
        ).code,
      ).not.toBe(1);
    const only = await call(adminSaveGroupConditionEndpoint, {
      group_id: group.id,
      instrument_id: EURUSD,
      markup_points: 0,
    });
    expect(only).toMatchObject({ markup_points: 0, leverages: null, fee_rate: null, commission_type: null });
  });
});
