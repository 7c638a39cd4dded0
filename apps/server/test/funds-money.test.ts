import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sumAccountLog } from '../src/core/money/ledger.repository.js';
import { client, createTestApp, DIALECTS, fundedUser, setQuote, type TestApp } from './helper.js';
import { boundMethod, fundsFixture, proofOf } from './funds-fixtures.js';

type Fixture = Awaited<ReturnType<typeof fundsFixture>>;

describe.each(DIALECTS)('deposits and withdrawals (%s)', (dialect) => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  let f: Fixture;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    api = client(t.app);
    f = await fundsFixture(t.services);
  });
  afterAll(async () => t.close());
  beforeEach(() => setQuote(t.services, 'BTCUSD', 8_750_000, 8_753_000));

  const account = async (userId: number) => {
    const row = await t.services.core.db
      .selectFrom('accounts')
      .select(['balance', 'lock_balance'])
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    const log = await sumAccountLog(t.services.core.db, userId);
    return { balance: Number(row.balance), lock: Number(row.lock_balance), log };
  };

  it('credits a finished deposit once at the channel rate, with one log row, however often it is approved', async () => {
    const { userId, token } = await fundedUser(t.services, 0);
    const declared = await api.post(
      '/api/quickCharge/submit',
      {
        number: '0.01000',
        proofImg: await proofOf(t.services, userId),
        charge_id: f.btc,
        address: 'bc1q-sender',
      },
      { token },
    );
    expect(declared).toMatchObject({
      code: 1,
      msg: 'Deposit submitted, waiting for review',
      data: {
        number: '0.01',
        currency_code: 'BTC',
        status: 0,
        status_name: 'Under review',
        credited: 0,
        type: 0,
      },
    });
    const id = declared.data.id as number;
    // Two operators approve at once, and one again later: one credit of 0.01 × 87,500 = 875.
    const results = await Promise.allSettled([
      t.services.wallet.deposits.approve(id, null),
      t.services.wallet.deposits.approve(id, null),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    await expect(t.services.wallet.deposits.approve(id, null)).rejects.toMatchObject({
      key: 'errors.already_reviewed',
    });
    expect(await account(userId)).toEqual({
      balance: 875_000_000,
      lock: 0,
      log: { amount: 875_000_000, lock: 0 },
    });
    const records = await api.get('/api/quickCharge/quick_ist?type=0', { token });
    expect(records.data.data[0]).toMatchObject({ id, status: 1, status_name: 'Credited', credited: 875 });
    const log = await api.get('/v1/api/main/accountLog/forexChange', { token });
    expect(log.data.data.map((l: any) => [l.Type, l.Value])).toEqual([['deposit', 875]]);
  });

  it('rejects or voids a deposit with the remark the trader sees, and credits nothing', async () => {
    const { userId, token } = await fundedUser(t.services, 0);
    const proof = await proofOf(t.services, userId);
    const wire = await api.post(
      '/api/quickCharge/wire_submit',
      { number: '500', proofImg: proof, wire_id: f.wire },
      { token },
    );
    const card = await api.post(
      '/api/quickCharge/card_submit',
      { number: '80', proofImg: proof, card_id: f.card },
      { token },
    );
    await t.services.wallet.deposits.reject(wire.data.id, null, 'The transfer did not arrive');
    await t.services.wallet.deposits.invalidate(card.data.id, null, 'The receipt is not readable');
    await expect(t.services.wallet.deposits.approve(wire.data.id, null)).rejects.toMatchObject({
      key: 'errors.already_reviewed',
    });
    expect((await api.get('/api/quickCharge/quick_ist?type=1', { token })).data.data[0]).toMatchObject({
      status: 2,
      status_name: 'Rejected',
      remark: 'The transfer did not arrive',
    });
    expect((await api.get('/api/quickCharge/quick_ist?type=2', { token })).data.data[0]).toMatchObject({
      status: 3,
      remark: 'The receipt is not readable',
    });
    expect(await account(userId)).toEqual({ balance: 0, lock: 0, log: { amount: 0, lock: 0 } });
  });

  it("refuses another user's proof image, an unknown or mismatched channel", async () => {
    const { token } = await fundedUser(t.services, 0);
    const other = await fundedUser(t.services, 0);
    const foreign = await proofOf(t.services, other.userId);
    expect(
      (
        await api.post(
          '/api/quickCharge/submit',
          { number: '10', proofImg: foreign, charge_id: f.coin },
          { token },
        )
      ).msg,
    ).toBe('Please upload the image again');
    const mine = await proofOf(t.services, (await t.services.auth.sessions.resolve(token))!.userId);
    expect(
      (
        await api.post(
          '/api/quickCharge/wire_submit',
          { number: '10', proofImg: mine, wire_id: f.coin },
          { token },
        )
      ).msg,
    ).toBe('This deposit method is not available');
  });

  it('holds a withdrawal, then pays it out or releases it, each as one ledger row', async () => {
    const { userId, token } = await fundedUser(t.services, 1_000);
    const method = await boundMethod(t.services, userId, f.usdt);
    const draw = (number: string) =>
      api.post('/api/account/draw', { draw_currency_id: f.usdt, number, draw_method_id: method }, { token });

    const first = await draw('300');
    // Fee 1 USD fixed; arrival (300 − 1) × 1 = 299.00.
    expect(first).toMatchObject({ code: 1, data: { real_number: '299.00', fee: 1 } });
    expect(await account(userId)).toMatchObject({ balance: 1_000_000_000, lock: 300_000_000 });
    expect((await api.get('/api/account/withdrawable', { token })).data).toEqual({
      withdrawable: 700,
      balance: 1000,
      lock_balance: 300,
    });
    const second = await draw('200');
    await t.services.wallet.withdrawals.approve(first.data.id, null);
    await t.services.wallet.withdrawals.reject(second.data.id, null, 'Address on a sanctions list');
    await expect(t.services.wallet.withdrawals.reject(second.data.id, null, 'again')).rejects.toMatchObject({
      key: 'errors.already_reviewed',
    });
    expect(await account(userId)).toEqual({
      balance: 700_000_000,
      lock: 0,
      log: { amount: 700_000_000, lock: 0 },
    });
    const records = (await api.get('/api/account/draw_list?type=1', { token })).data.data;
    expect(
      records.map((r: any) => [
        r.id,
        r.status,
        r.number,
        r.fee,
        r.real_number,
        r.notes,
        r.draw_currency.code,
      ]),
    ).toEqual([
      [second.data.id, 2, 200, 1, '199.00', 'Address on a sanctions list', 'USDT'],
      [first.data.id, 1, 300, 1, '299.00', '', 'USDT'],
    ]);
    const log = (await api.get('/v1/api/main/accountLog/forexChange', { token })).data.data;
    expect(log.map((l: any) => l.Type)).toEqual([
      'withdraw_release',
      'withdraw_paid',
      'withdraw_hold',
      'withdraw_hold',
      'deposit',
    ]);
  });

  it('refuses withdrawals without a bound account, below the minimum or the fee, above what is free, or with no channel', async () => {
    const { userId, token } = await fundedUser(t.services, 1_000);
    const draw = (currency: number, number: string, method: number) =>
      api.post(
        '/api/account/draw',
        { draw_currency_id: currency, number, draw_method_id: method },
        { token },
      );
    expect((await draw(f.usdt, '100', 999_999)).msg).toBe('Please set up a payment account first');
    const usdtMethod = await boundMethod(t.services, userId, f.usdt);
    const eurMethod = await boundMethod(t.services, userId, f.eur, 2);
    // A method of another currency does not pay this one.
    expect((await draw(f.eur, '100', usdtMethod)).msg).toBe('Please set up a payment account first');
    expect((await draw(f.usdt, '9.99', usdtMethod)).msg).toBe('The minimum withdrawal is 10 USD');
    expect((await draw(f.gbp, '100', eurMethod)).msg).toBe('No payment channel for this fiat account');
    expect((await draw(f.usdt, '1000.01', usdtMethod)).msg).toBe('You can withdraw at most 1000.00 USD now');
    // An open position's margin is not withdrawable: 0.1 BTC × 87,530 / 10 = 875.30 margin,
    // fee 2, floating −3 → free margin 1,000 − 2 − 3 − 875.30 = 119.70.
    await api.post(
      '/v1/api/forex/submit',
      { type: 1, cont: '0.1', forex_id: 26, status: 1, multiple: 10 },
      { token },
    );
    expect((await api.get('/api/account/withdrawable', { token })).data.withdrawable).toBe(119.7);
    expect((await draw(f.usdt, '119.71', usdtMethod)).msg).toBe('You can withdraw at most 119.70 USD now');
    const ok = await draw(f.usdt, '119.70', usdtMethod);
    expect(ok.code).toBe(1);
    // The hold leaves no free margin for a new order.
    expect(
      (
        await api.post(
          '/v1/api/forex/submit',
          { type: 1, cont: '0.01', forex_id: 26, status: 1, multiple: 10 },
          { token },
        )
      ).msg,
    ).toBe('Not enough free margin for this order');
    // A bank withdrawal in EUR: 0.5 % fee; (100 − 0.5) × 0.92 = 91.54.
    const { userId: rich, token: richToken } = await fundedUser(t.services, 500);
    const eur = await boundMethod(t.services, rich, f.eur, 2);
    const bank = await api.post(
      '/api/account/draw',
      { draw_currency_id: f.eur, number: '100', draw_method_id: eur, memo: 'rent' },
      { token: richToken },
    );
    expect(bank.data).toMatchObject({ real_number: '91.54', fee: 0.5 });
  });

  it('lets one withdrawal key hold once, however often it is sent', async () => {
    const { userId, token } = await fundedUser(t.services, 100);
    const method = await boundMethod(t.services, userId, f.usdt);
    const send = () =>
      t.app
        .inject({
          method: 'POST',
          url: '/api/account/draw',
          headers: { lang: 'en', authorization: token, 'idempotency-key': 'w-1' },
          payload: { draw_currency_id: f.usdt, number: '60', draw_method_id: method },
        })
        .then((r) => JSON.parse(r.body));
    const results = await Promise.all(Array.from({ length: 10 }, send));
    expect(new Set(results.map((r) => r.data.id)).size).toBe(1);
    expect(await account(userId)).toMatchObject({ lock: 60_000_000 });
  });

  it('accepts exactly k of 100 simultaneous withdrawals against a balance for k', async () => {
    const k = 6;
    const { userId, token } = await fundedUser(t.services, k * 15);
    const method = await boundMethod(t.services, userId, f.usdt);
    const results = await Promise.all(
      Array.from({ length: 100 }, () =>
        api.post(
          '/api/account/draw',
          { draw_currency_id: f.usdt, number: '15', draw_method_id: method },
          { token },
        ),
      ),
    );
    expect(results.filter((r) => r.code === 1)).toHaveLength(k);
    expect(await account(userId)).toEqual({
      balance: k * 15_000_000,
      lock: k * 15_000_000,
      log: { amount: k * 15_000_000, lock: k * 15_000_000 },
    });
  });
});
