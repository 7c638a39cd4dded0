import * as c from '@pipwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findExecution } from '../src/modules/trading/a-book/execution.repository.js';
import { createTestApp, DIALECTS, fundedUser, type TestApp } from './helper.js';
import { adminClient, auditCount, createOperator, type TestOperator } from './admin-fixtures.js';
import { insertTestExecution } from './execution-fixtures.js';

/**
 * An unbooked fill — the provider filled it, no trader's books have it — is offset at the
 * provider outside Pipwise, and an operator of the dealing desk (admin or finance) records
 * it with a note (docs/execution.md "Back office"): once, audited in the same transaction,
 * shown in the executions list and its filter, and off the desk's count. Everything else is
 * refused with a translated message and changes nothing.
 */
describe.each(DIALECTS)('marking an unbooked fill handled (%s)', (dialect) => {
  let t: TestApp;
  let admin: TestOperator;
  let finance: TestOperator;
  let trader: { userId: number; token: string };

  const execution = (state: c.ExecutionState = 'unbooked') =>
    insertTestExecution(t.services, trader.userId, state);

  const mark = (body: Record<string, unknown>, o: { token?: string; lang?: string } = {}) =>
    adminClient(t.app).call(c.adminHandleExecutionEndpoint, body, {
      token: o.token ?? admin.token,
      headers: { lang: o.lang ?? 'en' },
    });
  const listed = async (filter: Record<string, unknown>) =>
    (
      (
        await adminClient(t.app).call(
          c.adminExecutionsEndpoint,
          { ...filter, page: 1 },
          { token: finance.token },
        )
      ).data.data as c.AdminExecution[]
    ).map((e) => e.id);
  const unbookedOpen = async () => {
    const desk = await adminClient(t.app).call(c.adminDeskEndpoint, { tz: 'UTC' }, { token: finance.token });
    expect(desk.code, desk.msg).toBe(1);
    return (desk.data as c.DeskSnapshot).provider.unbooked_open;
  };
  const handledColumns = async (id: number) => {
    const row = (await findExecution(t.services.core.db, id))!;
    return { state: row.state, at: row.handled_at, by: row.handled_by, note: row.handled_note };
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await createOperator(t.services, 'admin');
    finance = await createOperator(t.services, 'finance');
    trader = await fundedUser(t.services, 100);
  });
  afterAll(async () => t.close());

  it('marks it once: audited, listed with who, when and the note, filtered, and off the desk', async () => {
    const first = await execution();
    const second = await execution();
    const open = await unbookedOpen();
    const audits = await auditCount(t.services);

    const done = await mark(
      { id: first, note: '  Offset at the LP, ticket 4411 ' },
      { token: finance.token },
    );
    expect(done).toMatchObject({
      code: 1,
      msg: 'Fill marked handled',
      data: {
        id: first,
        state: 'unbooked',
        handled_by: finance.id,
        handled_by_email: finance.email,
        handled_note: 'Offset at the LP, ticket 4411',
      },
    });
    const at = (done.data as c.AdminExecution).handled_at!;
    expect(Number.isInteger(at)).toBe(true);
    expect(await handledColumns(first)).toEqual({
      state: 'unbooked',
      at: expect.anything(),
      by: expect.anything(),
      note: 'Offset at the LP, ticket 4411',
    });

    expect(await auditCount(t.services)).toBe(audits + 1);
    const audit = await t.services.core.db
      .selectFrom('audit_log')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      action: 'execution.handle',
      object_type: 'execution',
      object_id: String(first),
    });
    expect(Number(audit.operator_id)).toBe(finance.id);
    expect(JSON.parse(audit.before_json!)).toEqual({ state: 'unbooked', handled_at: null });
    expect(JSON.parse(audit.after_json!)).toEqual({
      state: 'unbooked',
      handled_at: at,
      handled_by: finance.id,
      note: 'Offset at the LP, ticket 4411',
    });

    // The list shows it and filters on it; the desk counts only what is still to do.
    const open1 = await listed({ state: 'unbooked', handled: 0 });
    expect(open1).toContain(second);
    expect(open1).not.toContain(first);
    expect(await listed({ state: 'unbooked', handled: 1 })).toContain(first);
    expect(await unbookedOpen()).toBe(open - 1);
  });

  it('refuses a second mark with a translated rule, keeping the first', async () => {
    const id = await execution();
    expect((await mark({ id, note: 'Closed at the provider' })).code).toBe(1);
    const before = await handledColumns(id);
    const audits = await auditCount(t.services);

    const again = await mark({ id, note: 'Me too' }, { token: finance.token });
    expect(again).toMatchObject({
      code: c.ResultCode.BusinessRule,
      msg: `This fill was already marked handled by ${admin.email}`,
      data: { field: 'id' },
    });
    const arabic = await mark({ id, note: 'Me too' }, { token: finance.token, lang: 'ar' });
    expect(arabic.code).toBe(c.ResultCode.BusinessRule);
    expect(arabic.msg).toContain(admin.email);
    expect(arabic.msg).not.toContain('already');
    expect(await handledColumns(id)).toEqual(before);
    expect(await auditCount(t.services)).toBe(audits);
  });

  it('of two operators marking at once, exactly one does', async () => {
    const id = await execution();
    const audits = await auditCount(t.services);
    const answers = await Promise.all([
      mark({ id, note: 'Offset by admin' }),
      mark({ id, note: 'Offset by finance' }, { token: finance.token }),
    ]);
    expect(answers.map((a) => a.code).sort()).toEqual([1, c.ResultCode.BusinessRule]);
    expect(answers.find((a) => a.code !== 1)!.msg).toMatch(/^This fill was already marked handled by /);
    expect(await auditCount(t.services)).toBe(audits + 1);
    const winner = answers.find((a) => a.code === 1)!.data as c.AdminExecution;
    expect((await handledColumns(id)).note).toBe(winner.handled_note);
  });

  it('refuses an execution in any other state, and one that does not exist', async () => {
    const audits = await auditCount(t.services);
    for (const state of ['queued', 'sent', 'booked', 'rejected', 'timed_out'] as const) {
      const id = await execution(state);
      expect(await mark({ id, note: 'Offset' }), state).toMatchObject({
        code: c.ResultCode.BusinessRule,
        msg: 'Only an unbooked fill can be marked handled',
        data: { field: 'id' },
      });
      expect(await handledColumns(id)).toMatchObject({ state, at: null, by: null, note: null });
    }
    expect(await mark({ id: 987_654_321, note: 'Offset' })).toMatchObject({
      code: c.ResultCode.BusinessRule,
      msg: 'Execution not found',
      data: { field: 'id' },
    });
    expect(await auditCount(t.services)).toBe(audits);
  });

  it('is for admin and finance only: a trader, support and content are refused', async () => {
    const id = await execution();
    const audits = await auditCount(t.services);
    const asTrader = await mark({ id, note: 'Offset' }, { token: trader.token });
    expect(asTrader).toMatchObject({
      code: c.ResultCode.SessionExpired,
      msg: 'Please log in to the back office',
    });
    for (const role of ['support', 'content'] as const) {
      const operator = await createOperator(t.services, role);
      expect(await mark({ id, note: 'Offset' }, { token: operator.token }), role).toMatchObject({
        code: c.ResultCode.Forbidden,
        msg: 'Your role does not allow this action',
      });
    }
    expect(await handledColumns(id)).toMatchObject({ at: null, by: null, note: null });
    expect(await auditCount(t.services)).toBe(audits);
  });

  it('refuses a missing, blank, long or non-text note with a translated message, never coerced', async () => {
    const id = await execution();
    const audits = await auditCount(t.services);
    for (const [body, msg] of [
      [{ id }, 'note is required'],
      [{ id, note: '' }, 'note is required'],
      [{ id, note: '   ' }, 'note is not valid'],
      [{ id, note: 'x'.repeat(501) }, 'note is not valid'],
      [{ id, note: 5 }, 'note is not valid'],
      [{ id, note: true }, 'note is not valid'],
      [{ id, note: ['Offset'] }, 'note is not valid'],
      [{ id, note: null }, 'note is not valid'],
      [{ id: true, note: 'Offset' }, 'id is not valid'],
      [{ id: [id], note: 'Offset' }, 'id is not valid'],
    ] as const) {
      const bad = await mark(body);
      expect(bad.status).toBeLessThan(500);
      expect(bad, JSON.stringify(body)).toMatchObject({ code: c.ResultCode.InvalidParams, msg });
    }
    expect((await mark({ id, note: '' }, { lang: 'fr' })).msg).toBe('Le champ note est obligatoire');
    expect(await handledColumns(id)).toMatchObject({ at: null, by: null, note: null });
    expect(await auditCount(t.services)).toBe(audits);
    // 500 characters after trimming is the most a note may hold.
    const longest = await mark({ id, note: ` ${'é'.repeat(500)} ` });
    expect(longest.code, longest.msg).toBe(1);
    expect((await handledColumns(id)).note).toBe('é'.repeat(500));
  });
});
