import { ResultCode } from '@pipwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createTestApp, DIALECTS, fundedUser, type TestApp } from './helper.js';
import { fundsFixture, proofOf } from './funds-fixtures.js';
import { formatMarketTime } from '../src/http/market-time.js';

type Fixture = Awaited<ReturnType<typeof fundsFixture>>;

/**
 * The deposit history in one list (issue 22): `type=all` lists every type of the caller's
 * deposits, newest first; one type, or none given (0, as the spec has it), still lists that
 * type only; anything else is refused.
 */
describe.each(DIALECTS)('the deposit history of every type (%s)', (dialect) => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  let f: Fixture;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    api = client(t.app);
    f = await fundsFixture(t.services);
  });
  afterAll(async () => t.close());

  it('lists coin, wire and card deposits together, newest first, and each type alone', async () => {
    const me = await fundedUser(t.services, 0);
    const other = await fundedUser(t.services, 0);
    const proof = await proofOf(t.services, me.userId);
    const declare = async (path: string, body: Record<string, string | number>, token = me.token) => {
      const answer = await api.post(`/api/quickCharge/${path}`, body, { token });
      expect(answer.code).toBe(1);
      return answer.data.id as number;
    };
    const coin = await declare('submit', { number: '25', proofImg: proof, charge_id: f.coin });
    const wire = await declare('wire_submit', { number: '500', proofImg: proof, wire_id: f.wire });
    const card = await declare('card_submit', { number: '80', proofImg: proof, card_id: f.card });
    // Another trader's deposit is never in this one's list.
    await declare(
      'wire_submit',
      { number: '9', proofImg: await proofOf(t.services, other.userId), wire_id: f.wire },
      other.token,
    );

    const list = async (query: string) => {
      const answer = await api.get(`/api/quickCharge/quick_ist?${query}`, { token: me.token });
      expect(answer.code).toBe(1);
      return {
        rows: (answer.data.data as { id: number; type: number }[]).map((r) => [r.id, r.type]),
        total: answer.data.total as number,
      };
    };
    expect(await list('type=all')).toEqual({
      rows: [
        [card, 2],
        [wire, 1],
        [coin, 0],
      ],
      total: 3,
    });
    expect(await list('type=all&page=2')).toEqual({ rows: [], total: 3 });
    expect(await list('type=1')).toEqual({ rows: [[wire, 1]], total: 1 });
    expect(await list('type=2')).toEqual({ rows: [[card, 2]], total: 1 });
    expect(await list('')).toEqual({ rows: [[coin, 0]], total: 1 });
  });

  it('tells each record’s time as the instant (ms) and as the New York wall clock', async () => {
    const me = await fundedUser(t.services, 0);
    const proof = await proofOf(t.services, me.userId);
    const declared = await api.post(
      '/api/quickCharge/wire_submit',
      { number: '5', proofImg: proof, wire_id: f.wire },
      { token: me.token },
    );
    expect(declared.code).toBe(1);
    const row = await t.services.core.db
      .selectFrom('deposits')
      .select('created_at')
      .where('id', '=', declared.data.id as number)
      .executeTakeFirstOrThrow();
    const answer = await api.get('/api/quickCharge/quick_ist?type=1', { token: me.token });
    const [record] = answer.data.data as { created_at: string; created_at_ms: number }[];
    expect(record!.created_at_ms).toBe(Number(row.created_at));
    expect(record!.created_at).toBe(formatMarketTime(Number(row.created_at)));
  });

  it('refuses any other type', async () => {
    const me = await fundedUser(t.services, 0);
    for (const type of ['ALL', 'every', '3', '-1', 'all,1', ' all']) {
      const answer = await api.get(`/api/quickCharge/quick_ist?type=${encodeURIComponent(type)}`, {
        token: me.token,
      });
      expect(answer, type).toMatchObject({ code: ResultCode.InvalidParams, data: { field: 'type' } });
    }
  });
});
