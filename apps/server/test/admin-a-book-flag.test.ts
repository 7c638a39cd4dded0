import * as c from '@pipwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../src/core/money/ledger.repository.js';
import { createTestApp, createUserWithSession, DIALECTS, fundedUser, type TestApp } from './helper.js';
import { adminClient, auditCount, createOperator, type TestOperator } from './admin-fixtures.js';

/**
 * An operator routes one trader's orders to the liquidity provider (A-book, docs/execution.md)
 * or back: audited, shown in the traders list, its filter and the detail, and read by the
 * order path at once. Demo users (their money is not real) and users who do not exist are
 * refused with a translated message; only admins may do it.
 */
describe.each(DIALECTS)('A-book routing per trader (%s)', (dialect) => {
  let t: TestApp;
  let admin: TestOperator;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await createOperator(t.services, 'admin');
  });
  afterAll(async () => t.close());

  const api = () => adminClient(t.app);
  const setABook = (body: Record<string, unknown>, o: { token?: string; lang?: string } = {}) =>
    api().call(c.adminSetABookEndpoint, body, {
      token: o.token ?? admin.token,
      headers: { lang: o.lang ?? 'en' },
    });
  const listIds = async (filter: Record<string, unknown>) =>
    (
      (await api().call(c.adminUsersEndpoint, { ...filter, page: 1 }, { token: admin.token })).data
        .data as c.AdminUser[]
    ).map((u) => u.id);
  /** What the order path reads of the account, under its lock (AccountTx.aBook). */
  const routedOnOrder = (userId: number) =>
    t.services.core.transactions.run(userId, (tx) => Promise.resolve(tx.aBook));
  const lastAudit = () =>
    t.services.core.db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();

  it('sets and clears a trader’s routing, audited, listed, filtered and read by the order path at once', async () => {
    const { userId } = await fundedUser(t.services, 1_000);
    const other = (await fundedUser(t.services, 1_000)).userId;
    expect(await routedOnOrder(userId)).toBe(false);

    const before = await auditCount(t.services);
    const set = await setABook({ id: userId, a_book: 1, reason: ' Large flow ' });
    expect(set).toMatchObject({
      code: 1,
      msg: "This trader's orders now go to the liquidity provider",
      data: { id: userId, a_book: 1, trading_frozen: 0, login_frozen: 0 },
    });
    expect(await auditCount(t.services)).toBe(before + 1);
    const row = await lastAudit();
    expect(row).toMatchObject({ action: 'user.a_book', object_type: 'user', object_id: String(userId) });
    expect(JSON.parse(row.before_json!)).toEqual({ a_book: 0 });
    expect(JSON.parse(row.after_json!)).toEqual({ a_book: 1, reason: 'Large flow' });
    expect(await routedOnOrder(userId)).toBe(true);
    expect(await routedOnOrder(other)).toBe(false);

    // The list shows it, filters on it alone and together with the trading freeze.
    expect(await listIds({ a_book: 1 })).toEqual([userId]);
    expect(await listIds({ a_book: 0 })).not.toContain(userId);
    expect(await listIds({ a_book: 0 })).toContain(other);
    expect(await listIds({ a_book: 1, trading_frozen: 0 })).toEqual([userId]);
    expect(await listIds({ a_book: 1, trading_frozen: 1 })).toEqual([]);
    const detail = await api().call(c.adminUserDetailEndpoint, { id: userId }, { token: admin.token });
    expect(detail.data.user.a_book).toBe(1);

    const cleared = await setABook({ id: userId, a_book: 0 });
    expect(cleared).toMatchObject({
      code: 1,
      msg: "A-book routing removed: each instrument's mode decides again",
      data: { a_book: 0 },
    });
    expect(JSON.parse((await lastAudit()).after_json!)).toEqual({ a_book: 0, reason: '' });
    expect(await routedOnOrder(userId)).toBe(false);
    expect(await listIds({ a_book: 1 })).toEqual([]);
  });

  it('refuses demo users, users without an account and users that do not exist, changing nothing', async () => {
    const demo = await createUserWithSession(t.services, { is_demo: 1 });
    await createAccount(t.services.core.db, demo.userId, Date.now(), 'demo');
    const noAccount = await createUserWithSession(t.services);
    const before = await auditCount(t.services);

    expect(await setABook({ id: demo.userId, a_book: 1 })).toMatchObject({
      code: c.ResultCode.BusinessRule,
      msg: 'Demo accounts never reach the liquidity provider: A-book routing is for real accounts only',
      data: { field: 'id' },
    });
    expect((await setABook({ id: demo.userId, a_book: 1 }, { lang: 'hk' })).msg).toBe(
      '模擬賬戶永不連接流動性提供商：A-book 路由只適用於真實賬戶',
    );
    expect(await routedOnOrder(demo.userId)).toBe(false);
    expect(await setABook({ id: noAccount.userId, a_book: 1 })).toMatchObject({
      code: 2000,
      msg: 'This user has no trading account yet, so there are no orders to route',
    });
    expect(await setABook({ id: 987_654_321, a_book: 1 })).toMatchObject({
      code: 2000,
      msg: 'User not found',
      data: { field: 'id' },
    });
    expect(await auditCount(t.services)).toBe(before);

    // A flag set some other way on a demo account can always be taken off.
    await t.services.core.db
      .updateTable('accounts')
      .set({ a_book: 1 })
      .where('user_id', '=', demo.userId)
      .execute();
    expect((await setABook({ id: demo.userId, a_book: 0 })).code).toBe(1);
    expect(await routedOnOrder(demo.userId)).toBe(false);
  });

  it('refuses what is not a 0/1 flag or an id, never with a fault', async () => {
    const { userId } = await fundedUser(t.services, 10);
    const before = await auditCount(t.services);
    for (const [field, body] of [
      ['a_book', { id: userId, a_book: true }],
      ['a_book', { id: userId, a_book: '5' }],
      ['a_book', { id: userId, a_book: [1] }],
      ['a_book', { id: userId, a_book: 2 }],
      ['a_book', { id: userId }],
      ['id', { id: 'abc', a_book: 1 }],
      ['id', { id: -1, a_book: 1 }],
      ['reason', { id: userId, a_book: 1, reason: 'x'.repeat(201) }],
    ] as const) {
      const bad = await setABook(body);
      expect(bad.status).toBeLessThan(500);
      expect(bad, JSON.stringify(body)).toMatchObject({ code: c.ResultCode.InvalidParams, data: { field } });
    }
    expect(await auditCount(t.services)).toBe(before);
    expect(await routedOnOrder(userId)).toBe(false);
  });

  it('lets only admins route traders; support and finance still see the flag', async () => {
    const { userId } = await fundedUser(t.services, 10);
    for (const role of ['finance', 'support', 'content'] as const) {
      const operator = await createOperator(t.services, role);
      expect(await setABook({ id: userId, a_book: 1 }, { token: operator.token }), role).toMatchObject({
        code: c.ResultCode.Forbidden,
        msg: 'Your role does not allow this action',
      });
    }
    expect(await routedOnOrder(userId)).toBe(false);
    await setABook({ id: userId, a_book: 1 });
    const support = await createOperator(t.services, 'support');
    const seen = await api().call(c.adminUsersEndpoint, { a_book: 1, page: 1 }, { token: support.token });
    expect((seen.data.data as c.AdminUser[]).find((u) => u.id === userId)?.a_book).toBe(1);
  });
});
