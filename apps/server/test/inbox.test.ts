import * as c from '@pipwise/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { boundMethod, declaredDeposit, fundsFixture } from './funds-fixtures.js';
import { adminClient, createOperator } from './admin-fixtures.js';
import {
  client,
  createSocketTestApp,
  createTestApp,
  DIALECTS,
  fundedUser,
  setQuote,
  type TestApp,
} from './helper.js';
import { Probe } from './ws-probe.js';

const BTC = 26;

/**
 * The trader's inbox (docs/notifications.md "The inbox"): a notice written in the
 * transaction of what it reports — an operator's decision on a deposit or a withdrawal, a
 * pending order filled, a position closed by its TP, SL or a stop-out — only the owner's,
 * switched off per kind, read one by one or all at once.
 */
describe.each(DIALECTS)('the inbox (%s)', (dialect) => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  let funds: Awaited<ReturnType<typeof fundsFixture>>;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    api = client(t.app);
    funds = await fundsFixture(t.services);
  });
  afterAll(async () => t.close());
  beforeEach(() => setQuote(t.services, 'BTCUSD', 8_750_000, 8_753_000));

  const inbox = async (token: string) => (await api.get('/v1/api/inbox/list', { token })).data;
  const declare = (userId: number, number: string) => declaredDeposit(t.services, userId, funds.btc, number);

  it("tells the trader of an operator's decision on their deposits, with the remark", async () => {
    const { userId, token } = await fundedUser(t.services, 0);
    const other = await fundedUser(t.services, 0);
    const finance = await createOperator(t.services, 'finance');
    const admin = adminClient(t.app);
    const credited = await declare(userId, '0.01');
    const refused = await declare(userId, '0.02');
    expect(
      (await admin.call(c.adminApproveDepositEndpoint, { id: credited }, { token: finance.token })).code,
    ).toBe(1);
    expect(
      (
        await admin.call(
          c.adminRejectDepositEndpoint,
          { id: refused, remark: 'The receipt is not readable' },
          { token: finance.token },
        )
      ).code,
    ).toBe(1);
    const { data, total, unread } = await inbox(token);
    expect({ total, unread }).toEqual({ total: 2, unread: 2 });
    expect(data.map((n: c.Notice) => [n.kind, n.data])).toEqual([
      [
        'deposit',
        {
          deposit_id: refused,
          status: 'rejected',
          number: '0.02',
          currency: 'BTC',
          credited: '',
          note: 'The receipt is not readable',
        },
      ],
      [
        'deposit',
        {
          deposit_id: credited,
          status: 'credited',
          number: '0.01',
          currency: 'BTC',
          credited: '875.00',
          note: '',
        },
      ],
    ]);
    expect(await inbox(other.token)).toEqual({ data: [], total: 0, unread: 0 });

    // Read: another user's id changes nothing; one, then all.
    expect((await api.post('/v1/api/inbox/read', { id: data[0].id }, { token: other.token })).data).toEqual({
      unread: 0,
    });
    expect((await inbox(token)).unread).toBe(2);
    expect((await api.post('/v1/api/inbox/read', { id: data[0].id }, { token })).data).toEqual({ unread: 1 });
    expect((await inbox(token)).data.map((n: c.Notice) => n.read)).toEqual([1, 0]);
    expect((await api.post('/v1/api/inbox/read', {}, { token })).data).toEqual({ unread: 0 });
  });

  it('tells of withdrawals paid or rejected; a kind switched off writes nothing', async () => {
    const { userId, token } = await fundedUser(t.services, 1_000);
    const method = await boundMethod(t.services, userId, funds.usdt);
    const draw = async (number: string) =>
      (
        await api.post(
          '/api/account/draw',
          { draw_currency_id: funds.usdt, number, draw_method_id: method },
          { token },
        )
      ).data.id as number;
    const paid = await draw('300');
    const rejected = await draw('200');
    await t.services.wallet.withdrawals.approve(paid, null);
    await t.services.wallet.withdrawals.reject(rejected, null, 'Address on a sanctions list');
    expect((await inbox(token)).data.map((n: c.Notice) => n.data)).toEqual([
      { withdrawal_id: rejected, status: 'rejected', amount: '200.00', note: 'Address on a sanctions list' },
      { withdrawal_id: paid, status: 'paid', amount: '300.00', note: '' },
    ]);
    expect(
      (await api.post('/v1/api/inbox/switch', { kind: 'withdrawal', enabled: '0' }, { token })).data,
    ).toMatchObject({
      withdrawal: 0,
      deposit: 1,
    });
    await t.services.wallet.withdrawals.approve(await draw('100'), null);
    expect((await inbox(token)).total).toBe(2);
    expect((await api.get('/v1/api/inbox/settings', { token })).data.withdrawal).toBe(0);
    expect(
      (await api.post('/v1/api/inbox/switch', { kind: 'withdrawal', enabled: 1 }, { token })).data.withdrawal,
    ).toBe(1);
    for (const bad of [
      { kind: 'mail', enabled: 1 },
      { kind: 'deposit', enabled: 2 },
      { kind: 'deposit', enabled: 'true' },
    ])
      expect((await api.post('/v1/api/inbox/switch', bad, { token })).code).not.toBe(1);
  });

  it('tells of a pending order filled and a take-profit close, not of what the trader did', async () => {
    const { userId, token } = await fundedUser(t.services, 10_000);
    const submit = (body: Record<string, unknown>) =>
      t.services.trading.orders.submit(userId, {
        type: 1,
        cont: '0.1',
        forex_id: BTC,
        multiple: 10,
        ...body,
      } as never);
    const market = await submit({ status: 1 });
    await t.services.trading.orders.close(userId, Number(market.id));
    const pending = await submit({ status: 0, target_price: '87400', target_profit_price: '87600' });
    setQuote(t.services, 'BTCUSD', 8_737_000, 8_740_000);
    await t.services.trading.engine.settle();
    setQuote(t.services, 'BTCUSD', 8_761_000, 8_764_000);
    await t.services.trading.engine.settle();
    const { data } = await inbox(token);
    expect(data.map((n: c.Notice) => [n.kind, n.data])).toEqual([
      [
        'position_closed',
        expect.objectContaining({
          order_id: Number(pending.id),
          reason: 'tp',
          price: '87610.00',
          lots: '0.1',
          side: 1,
        }),
      ],
      [
        'order_filled',
        { order_id: Number(pending.id), code: 'BTCUSD', side: 1, lots: '0.1', price: '87400.00' },
      ],
    ]);
    expect(data[0].data.profit).toMatch(/^\d+\.\d\d$/);
  });
});

describe('the NOTICE socket topic (sqlite)', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    ({ t, url } = await createSocketTestApp('sqlite'));
  });
  afterAll(async () => t.close());

  it('pushes the unread count and the new notice to the trader only', async () => {
    setQuote(t.services, 'BTCUSD', 8_750_000, 8_753_000);
    const me = await fundedUser(t.services, 0);
    const other = await fundedUser(t.services, 0);
    const probes = await Promise.all([Probe.open(url), Probe.open(url)]);
    for (const [probe, user] of [
      [probes[0], me],
      [probes[1], other],
    ] as const) {
      probe.send({ type: 'login', token: user.token });
      await probe.next((m) => m.type === 'login_result');
      probe.send({ type: 'sub', topic: 'NOTICE' });
    }
    const api = client(t.app);
    await api.post(
      '/v1/api/alerts/set',
      { forex_id: BTC, direction: 'above', price: '87510' },
      { token: me.token },
    );
    setQuote(t.services, 'BTCUSD', 8_752_000, 8_755_000);
    const push = await probes[0].next((m) => m.topic === 'NOTICE');
    expect(push.data).toMatchObject({ unread: 1, latest: { kind: 'price_alert', read: 0 } });
    await api.post('/v1/api/inbox/read', {}, { token: me.token });
    expect((await probes[0].next((m) => m.topic === 'NOTICE' && m.data.unread === 0)).data.latest).toBeNull();
    expect(probes[1].messages.filter((m) => m.topic === 'NOTICE')).toEqual([]);
    for (const p of probes) p.ws.close();
  });
});
