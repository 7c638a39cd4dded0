import * as c from '@pipwise/shared';
import { lots, points } from '@pipwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertExecution } from '../src/modules/trading/a-book/execution.repository.js';
import { createTestApp, DIALECTS, fundedUser, type TestApp } from './helper.js';
import { adminClient, auditCount, createOperator, type TestOperator } from './admin-fixtures.js';

/**
 * The dealing desk's read-only list of orders sent to the liquidity provider: newest first,
 * paged, filtered by state, instrument and trader, each with its trader's contact and its
 * instrument's code asked of their owners (table-owners.test.ts keeps the SQL in the trading
 * module to `executions`), prices as decimals of the instrument.
 */
const EURUSD = 1;
const BTC = 26;

describe.each(DIALECTS)('the executions list (%s)', (dialect) => {
  let t: TestApp;
  let admin: TestOperator;
  let alice: number;
  let bob: number;
  /** Ids of the rows written, oldest first. */
  const written: number[] = [];

  const write = async (row: {
    userId: number;
    instrumentId: number;
    state: c.ExecutionState;
    quoted: number;
    lp?: number;
    filled?: string;
    reason?: string;
    at: number;
  }) => {
    const exec = await insertExecution(t.services.core.db, {
      cl_ord_id: `PW-TEST-${written.length + 1}`,
      user_id: row.userId,
      instrument_id: row.instrumentId,
      purpose: written.length % 2 === 0 ? 'open' : 'close',
      order_id: null,
      side: 1,
      lots: lots('0.1'),
      leverage: 100,
      tp: null,
      sl: null,
      quoted_price: points(row.quoted),
      limit_price: points(row.quoted + 50),
      markup_points: 2,
      state: row.state,
      filled_lots: row.filled === undefined ? null : lots(row.filled),
      lp_price: row.lp === undefined ? null : points(row.lp),
      lp_order_id: row.lp === undefined ? null : `LP-${written.length + 1}`,
      outcome: row.state === 'rejected' ? 'provider_rejected' : null,
      reason: row.reason ?? null,
      idempotency_key: null,
      created_at: row.at,
      resolved_at: row.state === 'sent' ? null : row.at + 120,
    });
    written.push(Number(exec.id));
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await createOperator(t.services, 'admin');
    alice = (await fundedUser(t.services, 100)).userId;
    bob = (await fundedUser(t.services, 100)).userId;
    const states: c.ExecutionState[] = ['booked', 'rejected', 'booked', 'timed_out', 'unbooked'];
    // 25 of Alice's on EURUSD (precision 5), then 3 of Bob's on BTCUSD (precision 2).
    for (let i = 0; i < 25; i++) {
      const state = states[i % states.length]!;
      await write({
        userId: alice,
        instrumentId: EURUSD,
        state,
        quoted: 108_012 + i,
        ...(state === 'rejected' ? { reason: 'no liquidity' } : { lp: 108_010 + i, filled: '0.1' }),
        at: 1_760_000_000_000 + i * 1000,
      });
    }
    for (let i = 0; i < 3; i++)
      await write({
        userId: bob,
        instrumentId: BTC,
        state: i === 2 ? 'sent' : 'booked',
        quoted: 8_753_000,
        at: 1_760_000_100_000 + i,
      });
  });
  afterAll(async () => t.close());

  const list = (input: Record<string, unknown>, token = admin.token) =>
    adminClient(t.app).call(c.adminExecutionsEndpoint, input, { token });

  it('pages every execution newest first', async () => {
    const first = await list({ page: 1 });
    expect(first.code, first.msg).toBe(1);
    expect(first.data.total).toBe(28);
    expect(first.data.data.map((e: c.AdminExecution) => e.id)).toEqual([...written].reverse().slice(0, 20));
    const second = await list({ page: 2 });
    expect(second.data.data.map((e: c.AdminExecution) => e.id)).toEqual([...written].reverse().slice(20));
    expect((await list({ page: 3 })).data).toEqual({ data: [], total: 28 });
  });

  it('shows who, on what, and the prices as decimals of the instrument', async () => {
    const rows = (await list({ page: 1 })).data.data as c.AdminExecution[];
    const contact = await t.services.core.db
      .selectFrom('users')
      .select(['uid', 'email'])
      .where('id', '=', bob)
      .executeTakeFirstOrThrow();
    expect(rows[0]).toMatchObject({
      cl_ord_id: 'PW-TEST-28',
      user_id: bob,
      uid: contact.uid,
      email: contact.email,
      instrument_id: BTC,
      instrument_code: 'BTCUSD',
      state: 'sent',
      quoted_price: '87530.00',
      limit_price: '87530.50',
      lp_price: null,
      filled_lots: null,
      resolved_at: null,
      markup_points: 2,
      side: 1,
    });
    const unbooked = rows.find((r) => r.cl_ord_id === 'PW-TEST-25')!;
    expect(unbooked).toMatchObject({
      user_id: alice,
      instrument_code: 'EURUSD',
      state: 'unbooked',
      quoted_price: '1.08036',
      limit_price: '1.08086',
      lp_price: '1.08034',
      filled_lots: '0.1',
      lp_order_id: 'LP-25',
      lots: '0.1',
      created_at: 1_760_000_024_000,
      resolved_at: 1_760_000_024_120,
      // Nobody has marked it handled yet (admin-execution-handled.test.ts).
      handled_at: null,
      handled_by: null,
      handled_by_email: null,
      handled_note: null,
    });
    // A closed instrument's history still reads with its code and precision.
    await t.services.core.db.updateTable('instruments').set({ enabled: 0 }).where('id', '=', BTC).execute();
    try {
      expect(((await list({ instrument_id: BTC })).data.data as c.AdminExecution[])[0]).toMatchObject({
        instrument_code: 'BTCUSD',
        quoted_price: '87530.00',
      });
    } finally {
      await t.services.core.db.updateTable('instruments').set({ enabled: 1 }).where('id', '=', BTC).execute();
    }
  });

  it('filters by state, instrument and trader, alone or together', async () => {
    const ids = async (input: Record<string, unknown>) => {
      const answer = await list(input);
      return {
        total: answer.data.total as number,
        states: (answer.data.data as c.AdminExecution[]).map((e) => e.state),
      };
    };
    expect(await ids({ state: 'unbooked' })).toEqual({ total: 5, states: Array(5).fill('unbooked') });
    expect((await ids({ instrument_id: BTC })).total).toBe(3);
    expect((await ids({ user_id: alice })).total).toBe(25);
    expect(await ids({ user_id: bob, state: 'sent' })).toEqual({ total: 1, states: ['sent'] });
    expect((await ids({ user_id: bob, instrument_id: EURUSD })).total).toBe(0);
    // Empty filters (a cleared select) are no filter.
    expect((await ids({ state: '', instrument_id: '', user_id: '' })).total).toBe(28);
  });

  it('refuses a filter of the wrong kind with a translated message', async () => {
    for (const [field, value] of [
      ['state', 'lost'],
      ['state', '1'],
      ['instrument_id', 'true'],
      ['instrument_id', '0x1'],
      ['user_id', '-1'],
      ['page', '0'],
    ] as const) {
      const bad = await list({ [field]: value });
      expect(bad.status).toBeLessThan(500);
      expect(bad, `${field}=${value}`).toMatchObject({ code: c.ResultCode.InvalidParams, data: { field } });
      expect(bad.msg).toBe(`${field} is not valid`);
    }
  });

  it('is read only, and for the dealing desk’s roles only (admin and finance)', async () => {
    const before = await auditCount(t.services);
    expect((await list({ page: 1 })).code).toBe(1);
    expect((await list({ page: 1 }, (await createOperator(t.services, 'finance')).token)).code).toBe(1);
    expect(await auditCount(t.services)).toBe(before);
    for (const role of ['support', 'content'] as const) {
      const operator = await createOperator(t.services, role);
      expect(await list({ page: 1 }, operator.token), role).toMatchObject({
        code: c.ResultCode.Forbidden,
        data: null,
      });
    }
  });
});
