import * as c from '@pipwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createTestApp, DIALECTS, fundedUser, ledgerOf, setQuote, type TestApp } from './helper.js';
import { boundMethod, declaredDeposit, fundsFixture } from './funds-fixtures.js';
import { adminClient, auditCount, createOperator } from './admin-fixtures.js';

/**
 * The back office's money actions (issue 9): reviews run as the trader's account
 * transactions through the wallet services, so a deposit approved by two operators at once
 * credits once; withdrawals pay out or release; adjustments go through the ledger and an
 * idempotency key makes a repeated one adjust once; freezes take effect at once.
 */
describe.each(DIALECTS)('back-office money actions (%s)', (dialect) => {
  let t: TestApp;
  let funds: Awaited<ReturnType<typeof fundsFixture>>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    funds = await fundsFixture(t.services);
  });
  afterAll(async () => t.close());

  const depositOf = (userId: number, number: string) =>
    declaredDeposit(t.services, userId, funds.btc, number);

  it('credits a deposit once when two operators approve it at the same moment', async () => {
    const api = adminClient(t.app);
    const { userId } = await fundedUser(t.services, 0.000001);
    const depositId = await depositOf(userId, '0.01');
    const [alice, bob] = [
      await createOperator(t.services, 'finance'),
      await createOperator(t.services, 'finance'),
    ];
    const before = await auditCount(t.services);
    const answers = await Promise.all([
      api.call(c.adminApproveDepositEndpoint, { id: depositId }, { token: alice.token }),
      api.call(c.adminApproveDepositEndpoint, { id: depositId }, { token: bob.token }),
    ]);
    expect(answers.map((a) => a.code).sort()).toEqual([1, 2000]);
    expect(answers.find((a) => a.code === 2000)?.msg).toBe('This request has already been processed');
    const approved = answers.find((a) => a.code === 1)!;
    expect(approved.msg).toBe('Deposit approved and credited');
    expect(approved.data).toMatchObject({ id: depositId, status: 1, credited: 875 });
    const logs = await t.services.core.db
      .selectFrom('account_logs')
      .selectAll()
      .where('user_id', '=', userId)
      .where('type', '=', 'deposit')
      .execute();
    expect(logs.filter((l) => l.ref_type === 'deposit')).toHaveLength(1);
    const { balance, logSum } = await ledgerOf(t.services, userId);
    expect(balance).toBe(875_000_001);
    expect(logSum).toBe(balance);
    expect(await auditCount(t.services)).toBe(before + 1);
    // A double click later is answered the same way and credits nothing.
    const again = await api.call(c.adminApproveDepositEndpoint, { id: depositId }, { token: alice.token });
    expect(again).toMatchObject({ code: 2000, msg: 'This request has already been processed' });
    expect((await ledgerOf(t.services, userId)).balance).toBe(875_000_001);
  });

  it('rejects and voids deposits with the remark the trader reads', async () => {
    const api = adminClient(t.app);
    const op = await createOperator(t.services, 'finance');
    const { userId, token } = await fundedUser(t.services, 1);
    const rejected = await depositOf(userId, '0.5');
    const voided = await depositOf(userId, '0.6');
    expect(
      (
        await api.call(
          c.adminRejectDepositEndpoint,
          { id: rejected, remark: 'Blurred proof' },
          { token: op.token },
        )
      ).code,
    ).toBe(1);
    expect(
      (
        await api.call(
          c.adminInvalidateDepositEndpoint,
          { id: voided, remark: 'Duplicate' },
          { token: op.token },
        )
      ).code,
    ).toBe(1);
    const records = await client(t.app).get('/api/quickCharge/quick_ist?type=0', { token });
    const byId = new Map((records.data.data as c.ChargeRecord[]).map((r) => [r.id, r]));
    expect(byId.get(rejected)).toMatchObject({ status: 2, remark: 'Blurred proof', credited: 0 });
    expect(byId.get(voided)).toMatchObject({ status: 3, remark: 'Duplicate', credited: 0 });
    expect((await ledgerOf(t.services, userId)).balance).toBe(1_000_000);
    const list = await api.call(c.adminDepositsEndpoint, { user_id: userId, page: 1 }, { token: op.token });
    expect(list.data.total).toBe(2);
    expect(list.data.data[0].proof_img).toMatch(/^\/api\/admin\/image\?name=[a-f0-9]{32}\.png$/);
  });

  it('pays a withdrawal out, or rejects it and releases the hold', async () => {
    const api = adminClient(t.app);
    const op = await createOperator(t.services, 'finance');
    const { userId } = await fundedUser(t.services, 500);
    const methodId = await boundMethod(t.services, userId, funds.usdt);
    const paid = Number(
      (
        await t.services.wallet.withdrawals.request(userId, {
          currencyId: funds.usdt,
          number: '100',
          methodId,
        })
      ).id,
    );
    const released = Number(
      (
        await t.services.wallet.withdrawals.request(userId, {
          currencyId: funds.usdt,
          number: '50',
          methodId,
        })
      ).id,
    );
    const account = () =>
      t.services.core.db
        .selectFrom('accounts')
        .selectAll()
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
    expect(Number((await account()).lock_balance)).toBe(150_000_000);

    const pay = await api.call(
      c.adminApproveWithdrawalEndpoint,
      { id: paid, payout_reference: 'a1f3c9e0b7d2' },
      { token: op.token },
    );
    expect(pay).toMatchObject({
      code: 1,
      msg: 'Withdrawal marked as paid',
      data: { status: 1, address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' },
    });
    const reject = await api.call(
      c.adminRejectWithdrawalEndpoint,
      { id: released, notes: 'Address closed' },
      { token: op.token },
    );
    expect(reject).toMatchObject({ code: 1, data: { status: 2, notes: 'Address closed' } });
    const after = await account();
    expect(Number(after.balance)).toBe(400_000_000);
    expect(Number(after.lock_balance)).toBe(0);
    const twice = await api.call(
      c.adminRejectWithdrawalEndpoint,
      { id: paid, notes: 'late' },
      { token: op.token },
    );
    expect(twice).toMatchObject({ code: 2000, msg: 'This request has already been processed' });
    const missing = await api.call(
      c.adminRejectWithdrawalEndpoint,
      { id: released, notes: '   ' },
      { token: op.token },
    );
    expect(missing.code).toBe(1001);
  });

  it('adjusts a balance through the ledger, once per idempotency key, never below the available funds', async () => {
    const api = adminClient(t.app);
    const op = await createOperator(t.services, 'finance');
    const { userId } = await fundedUser(t.services, 100);
    const key = { 'idempotency-key': 'adjust-7f3a' };
    const first = await api.call(
      c.adminAdjustBalanceEndpoint,
      { id: userId, amount: '12.345678', reason: 'Goodwill' },
      { token: op.token, headers: key },
    );
    expect(first).toMatchObject({
      code: 1,
      msg: 'Balance adjusted',
      data: { balance: 112.345678, lock_balance: 0 },
    });
    const repeat = await api.call(
      c.adminAdjustBalanceEndpoint,
      { id: userId, amount: '12.345678', reason: 'Goodwill' },
      { token: op.token, headers: key },
    );
    expect(repeat.data).toEqual(first.data);
    const otherBody = await api.call(
      c.adminAdjustBalanceEndpoint,
      { id: userId, amount: '1', reason: 'Goodwill' },
      { token: op.token, headers: key },
    );
    expect(otherBody.code).toBe(2000);
    const rows = await t.services.core.db
      .selectFrom('account_logs')
      .selectAll()
      .where('user_id', '=', userId)
      .where('type', '=', 'adjustment')
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      memo: 'Goodwill',
      ref_type: 'operator',
      ref_id: op.id,
      amount: 12_345_678,
    });

    const before = await auditCount(t.services);
    const tooMuch = await api.call(
      c.adminAdjustBalanceEndpoint,
      { id: userId, amount: '-112.345679', reason: 'Clawback' },
      { token: op.token },
    );
    expect(tooMuch).toMatchObject({
      code: 2000,
      msg: 'This debit would take the available funds below zero (available: 112.35 USD)',
      data: { field: 'amount' },
    });
    expect(await auditCount(t.services)).toBe(before);
    const exact = await api.call(
      c.adminAdjustBalanceEndpoint,
      { id: userId, amount: '-112.345678', reason: 'Clawback' },
      { token: op.token },
    );
    expect(exact.data).toEqual({ balance: 0, lock_balance: 0 });
    const { balance, logSum } = await ledgerOf(t.services, userId);
    expect(balance).toBe(0);
    expect(logSum).toBe(0);

    for (const amount of ['0', '-0', '+5', '1e3', '1.0000001', '-', true]) {
      const refused = await api.call(
        c.adminAdjustBalanceEndpoint,
        { id: userId, amount, reason: 'x' },
        { token: op.token },
      );
      expect(refused.code, String(amount)).toBe(1001);
      expect(refused.data).toEqual({ field: 'amount' });
    }
    const noReason = await api.call(
      c.adminAdjustBalanceEndpoint,
      { id: userId, amount: '1', reason: ' ' },
      { token: op.token },
    );
    expect(noReason).toMatchObject({ code: 1001, data: { field: 'reason' } });
    const unknown = await api.call(
      c.adminAdjustBalanceEndpoint,
      { id: 987_654_321, amount: '1', reason: 'x' },
      { token: op.token },
    );
    expect(unknown).toMatchObject({ code: 2000, msg: 'User not found' });
  });

  it('freezes login at once (sessions end, sockets are told) and trading (new orders refused, closing allowed)', async () => {
    const api = adminClient(t.app);
    const support = await createOperator(t.services, 'support');
    const { userId, token } = await fundedUser(t.services, 100_000);
    setQuote(t.services, 'BTCUSD', 8_750_000, 8_753_000);
    const trader = client(t.app);
    const opened = await trader.post(
      '/v1/api/forex/submit',
      { type: 1, cont: '0.01', forex_id: 26, status: 1, multiple: 10 },
      { token },
    );
    expect(opened.code, opened.msg).toBe(1);

    const trading = await api.call(
      c.adminFreezeTradingEndpoint,
      { id: userId, frozen: 1, reason: 'Abuse' },
      { token: support.token },
    );
    expect(trading).toMatchObject({
      code: 1,
      msg: 'Trading suspended',
      data: { trading_frozen: 1, login_frozen: 0 },
    });
    const refused = await trader.post(
      '/v1/api/forex/submit',
      { type: 1, cont: '0.01', forex_id: 26, status: 1, multiple: 10 },
      { token },
    );
    expect(refused).toMatchObject({
      code: 2000,
      msg: 'Trading on this account is suspended, please contact support',
    });
    const closed = await trader.post('/v1/api/forex/close', { id: opened.data.Id }, { token });
    expect(closed.code, closed.msg).toBe(1);
    await api.call(c.adminFreezeTradingEndpoint, { id: userId, frozen: 0 }, { token: support.token });
    expect(
      (
        await trader.post(
          '/v1/api/forex/submit',
          { type: 1, cont: '0.01', forex_id: 26, status: 1, multiple: 10 },
          { token },
        )
      ).code,
    ).toBe(1);

    const revoked: unknown[] = [];
    t.services.auth.sessions.events.on('revoked', (r) => revoked.push(r));
    const login = await api.call(
      c.adminFreezeLoginEndpoint,
      { id: userId, frozen: 1 },
      { token: support.token },
    );
    expect(login).toMatchObject({ code: 1, data: { login_frozen: 1 } });
    expect(revoked).toContainEqual({ userId, sessionIds: 'all' });
    expect(await t.services.auth.sessions.resolve(token)).toBeNull();
    const detail = await api.call(c.adminUserDetailEndpoint, { id: userId }, { token: support.token });
    expect(detail.data.user).toMatchObject({ login_frozen: 1, trading_frozen: 0 });
    expect(detail.data.positions).toHaveLength(1);
    expect(detail.data.account).toMatchObject({ lock_balance: 0 });
    expect(detail.data.recent_log.length).toBeGreaterThanOrEqual(3);
  });

  it('finds users by id, uid, e-mail or phone', async () => {
    const api = adminClient(t.app);
    const op = await createOperator(t.services, 'support');
    const { userId } = await fundedUser(t.services, 5);
    const user = await t.services.core.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    for (const q of [String(userId), user.uid, user.email!.toUpperCase().slice(0, 12)]) {
      const found = await api.call(c.adminUsersEndpoint, { q }, { token: op.token });
      expect(
        found.data.data.map((u: c.AdminUser) => u.id),
        q,
      ).toContain(userId);
    }
    const wildcard = await api.call(c.adminUsersEndpoint, { q: '%' }, { token: op.token });
    expect(wildcard.code).toBe(1);
    const none = await api.call(c.adminUsersEndpoint, { q: 'nobody-at-all' }, { token: op.token });
    expect(none.data).toEqual({ data: [], total: 0 });
  });
});
