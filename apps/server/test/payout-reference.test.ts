import * as c from '@pipwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createTestApp, DIALECTS, fundedUser, type TestApp } from './helper.js';
import { boundMethod, fundsFixture } from './funds-fixtures.js';
import { adminClient, auditCount, createOperator, type TestOperator } from './admin-fixtures.js';

/**
 * The payout reference of a paid withdrawal (issue 22; docs/api.md "Funds"): "Mark as paid"
 * needs the bank transfer's reference or the chain's transaction id — 1 to 128 printable
 * characters, trimmed —, stores it on the withdrawal, writes it in the audit row and shows
 * it in the back office and to the trader who asked for the withdrawal, and no one else.
 * A refused reference pays nothing.
 */
describe.each(DIALECTS)('the payout reference of a paid withdrawal (%s)', (dialect) => {
  let t: TestApp;
  let funds: Awaited<ReturnType<typeof fundsFixture>>;
  let op: TestOperator;
  const api = () => adminClient(t.app);

  beforeAll(async () => {
    t = await createTestApp(dialect);
    funds = await fundsFixture(t.services);
    op = await createOperator(t.services, 'finance');
  });
  afterAll(async () => t.close());

  /** A trader with 500 USD and a bound USDT address; `draw` requests a withdrawal of theirs. */
  async function trader() {
    const { userId, token } = await fundedUser(t.services, 500);
    const methodId = await boundMethod(t.services, userId, funds.usdt);
    const draw = async (number: string) =>
      Number(
        (await t.services.wallet.withdrawals.request(userId, { currencyId: funds.usdt, number, methodId }))
          .id,
      );
    return { userId, token, draw };
  }
  const row = (id: number) =>
    t.services.core.db.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const lockOf = async (userId: number) =>
    Number(
      (
        await t.services.core.db
          .selectFrom('accounts')
          .select('lock_balance')
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow()
      ).lock_balance,
    );
  const pay = (body: Record<string, unknown>) =>
    api().call(c.adminApproveWithdrawalEndpoint, body, { token: op.token });
  const records = async (token: string) =>
    (await client(t.app).get('/api/account/draw_list?type=1&page=1', { token })) as {
      code: number;
      data: { data: c.WithdrawRecord[] };
    };

  it('is required: absent, empty or spaces pay nothing', async () => {
    const { userId, draw } = await trader();
    const id = await draw('100');
    const audits = await auditCount(t.services);
    for (const body of [{ id }, { id, payout_reference: '' }, { id, payout_reference: '   ' }]) {
      const answer = await pay(body);
      expect(answer).toMatchObject({
        code: 1001,
        msg: "Enter the payout reference: the bank transfer's reference or the transaction ID",
        data: { field: 'payout_reference' },
      });
    }
    expect((await row(id)).status).toBe(c.WithdrawStatus.Pending);
    expect(await lockOf(userId)).toBe(100_000_000);
    expect(await auditCount(t.services)).toBe(audits);
  });

  it('is refused when longer than 128 characters or holding a character that does not print', async () => {
    const { userId, draw } = await trader();
    const id = await draw('100');
    const invalid =
      'The payout reference must be 1 to 128 printable characters, without line breaks or control characters';
    for (const reference of [
      'x'.repeat(129),
      '轉'.repeat(129),
      'WIRE\n2026',
      'WIRE\r2026',
      'WIRE\t2026',
      'TX\u0007bell',
      'TX\u001b[31m',
      'TX\u0085next',
      // Invisible: a right-to-left override and a zero-width space make it read as another.
      'abc\u202Edcba',
      'ab\u200Bcd',
      'line\u2028break',
    ]) {
      const answer = await pay({ id, payout_reference: reference });
      expect(answer, JSON.stringify(reference)).toMatchObject({
        code: 1001,
        msg: invalid,
        data: { field: 'payout_reference' },
      });
    }
    // Not a string at all: no coercion of numbers, lists or objects.
    for (const reference of [123456, ['TX1'], { ref: 'TX1' }, true, null]) {
      const answer = await pay({ id, payout_reference: reference });
      expect(answer.code, JSON.stringify(reference)).toBe(1001);
    }
    // A NUL byte is refused before the schema (docs/input-validation.md).
    expect((await pay({ id, payout_reference: 'TX\u0000' })).code).toBe(1001);
    expect((await row(id)).status).toBe(c.WithdrawStatus.Pending);
    expect((await row(id)).payout_reference).toBe('');
    expect(await lockOf(userId)).toBe(100_000_000);
  });

  it('is stored trimmed, shown in the back office and written in the audit row', async () => {
    const { userId, draw } = await trader();
    const id = await draw('100');
    const txid = `0x${'9f2c'.repeat(16)}`;
    const answer = await pay({ id, payout_reference: `  ${txid}\u00a0 ` });
    expect(answer).toMatchObject({
      code: 1,
      msg: 'Withdrawal marked as paid',
      data: { id, status: c.WithdrawStatus.Paid, payout_reference: txid },
    });
    expect((await row(id)).payout_reference).toBe(txid);
    expect(await lockOf(userId)).toBe(0);

    const detail = await api().call(c.adminWithdrawalDetailEndpoint, { id }, { token: op.token });
    expect(detail.data).toMatchObject({ id, payout_reference: txid });
    const list = await api().call(
      c.adminWithdrawalsEndpoint,
      { user_id: userId, page: 1 },
      { token: op.token },
    );
    expect(list.data.data).toEqual([expect.objectContaining({ id, payout_reference: txid })]);

    const audit = await t.services.core.db
      .selectFrom('audit_log')
      .selectAll()
      .where('object_type', '=', 'withdrawal')
      .where('object_id', '=', String(id))
      .executeTakeFirstOrThrow();
    expect(audit.action).toBe('withdrawal.approve');
    expect(Number(audit.operator_id)).toBe(op.id);
    expect(JSON.parse(audit.before_json ?? '{}')).toMatchObject({ status: 0, payout_reference: '' });
    expect(JSON.parse(audit.after_json ?? '{}')).toMatchObject({ status: 1, payout_reference: txid });

    // A second payment is refused and keeps the first reference.
    const again = await pay({ id, payout_reference: 'WIRE-2' });
    expect(again).toMatchObject({ code: 2000, msg: 'This request has already been processed' });
    expect((await row(id)).payout_reference).toBe(txid);
  });

  it('takes exactly 128 characters, in any script', async () => {
    const { draw } = await trader();
    const first = await draw('20');
    const second = await draw('20');
    expect((await pay({ id: first, payout_reference: 'R'.repeat(128) })).code).toBe(1);
    expect((await row(first)).payout_reference).toBe('R'.repeat(128));
    const chinese = `轉賬${'號'.repeat(126)}`;
    expect((await pay({ id: second, payout_reference: chinese })).code).toBe(1);
    expect((await row(second)).payout_reference).toBe(chinese);
  });

  it('is shown to the trader who withdrew, once paid, and to no one else', async () => {
    const owner = await trader();
    const other = await trader();
    const paid = await owner.draw('100');
    const pending = await owner.draw('30');
    const rejected = await owner.draw('20');
    expect((await pay({ id: paid, payout_reference: 'WIRE-2026-000117' })).code).toBe(1);
    const reject = await api().call(
      c.adminRejectWithdrawalEndpoint,
      { id: rejected, notes: 'Wrong network' },
      { token: op.token },
    );
    expect(reject.code).toBe(1);

    const mine = await records(owner.token);
    expect(mine.code).toBe(1);
    const byId = new Map(mine.data.data.map((r) => [r.id, r]));
    expect(byId.get(paid)).toMatchObject({ status: 1, payout_reference: 'WIRE-2026-000117' });
    expect(byId.get(pending)).toMatchObject({ status: 0, payout_reference: '' });
    expect(byId.get(rejected)).toMatchObject({ status: 2, payout_reference: '' });

    // Another trader's records never hold it.
    const theirs = await records(other.token);
    expect(theirs.code).toBe(1);
    expect(theirs.data.data.map((r) => r.id)).not.toContain(paid);
    expect(JSON.stringify(theirs.data)).not.toContain('WIRE-2026-000117');
  });

  it('is asked of an operator paying through the wallet service too', async () => {
    const { draw } = await trader();
    const id = await draw('40');
    await expect(t.services.wallet.withdrawals.approve(id, op.id)).rejects.toMatchObject({
      message: expect.stringContaining('payout_reference_required'),
    });
    await expect(t.services.wallet.withdrawals.approve(id, op.id, undefined, 'a\nb')).rejects.toMatchObject({
      message: expect.stringContaining('payout_reference_invalid'),
    });
    expect((await row(id)).status).toBe(c.WithdrawStatus.Pending);
  });
});
