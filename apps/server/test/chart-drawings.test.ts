import { MAX_DRAWINGS_PER_INSTRUMENT, points, ResultCode } from '@pipwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDrawing } from '../src/modules/market/drawings/drawing.repository.js';
import { client, createTestApp, envelope, DIALECTS, fundedUser, type TestApp } from './helper.js';

const BTC = 26; // precision 2
const EURUSD = 1; // precision 5
const T0 = 1_767_225_600; // 2026-01-01 00:00 UTC, seconds

const hline = (price: unknown = '87500.25') => ({
  forex_id: BTC,
  kind: 'hline',
  points: [{ time: T0, price }],
  style: { color: 'blue' },
});
const trend = {
  forex_id: BTC,
  kind: 'trend',
  points: [
    { time: T0, price: '87000' },
    { time: T0 + 3_600, price: '88000.5' },
  ],
  style: { color: 'amber' },
};

/**
 * Chart drawings (docs/chart.md "Drawings"): each trader keeps their own per instrument;
 * another trader's drawing is "not found"; at most MAX_DRAWINGS_PER_INSTRUMENT on one
 * instrument; every field strict (no true, [1], "0x1", huge numbers, too many decimals).
 */
describe.each(DIALECTS)('chart drawings (%s)', (dialect) => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    api = client(t.app);
  });
  afterAll(async () => t.close());

  /** Sent as JSON, so `true`, `[1]` and numbers arrive as themselves, not as form text. */
  const post = async (path: string, token: string | undefined, body: unknown) =>
    envelope(
      await t.app.inject({
        method: 'POST',
        url: `/v1/api/drawings/${path}`,
        headers: {
          lang: 'en',
          ...(token ? { authorization: token } : {}),
          'content-type': 'application/json',
        },
        payload: JSON.stringify(body),
      }),
    );
  const save = (token: string | undefined, body: unknown) => post('save', token, body);
  const remove = (token: string | undefined, id: unknown) => post('delete', token, { id });
  const list = (token: string | undefined, forexId: number | string = BTC) =>
    api.get(`/v1/api/drawings/list?forex_id=${forexId}`, token ? { token } : {});

  it('saves, lists, moves and deletes a trader’s drawings, per instrument', async () => {
    const { token } = await fundedUser(t.services, 0);
    expect(await list(token)).toMatchObject({
      code: 1,
      data: { data: [], max: MAX_DRAWINGS_PER_INSTRUMENT },
    });

    const line = await save(token, hline());
    expect(line.code).toBe(1);
    expect(line.data).toMatchObject({
      forex_id: BTC,
      kind: 'hline',
      points: [{ time: T0, price: '87500.25' }],
      style: { color: 'blue' },
    });
    // A JSON number is read by its spelling; the answer is at the pair's precision.
    const tl = await save(token, {
      ...trend,
      points: [trend.points[0], { time: T0 + 3_600, price: 88000.5 }],
    });
    expect(tl.data).toMatchObject({
      kind: 'trend',
      points: [
        { time: T0, price: '87000.00' },
        { time: T0 + 3_600, price: '88000.50' },
      ],
    });
    const fib = await save(token, { ...trend, kind: 'fib', style: { color: 'violet' } });
    expect(fib.code).toBe(1);
    const eur = await save(token, {
      forex_id: EURUSD,
      kind: 'hline',
      points: [{ time: T0, price: '1.08345' }],
      style: { color: 'green' },
    });
    expect(eur.data.points).toEqual([{ time: T0, price: '1.08345' }]);

    const mine = await list(token);
    expect(mine.data.data.map((d: { id: number }) => d.id)).toEqual([line.data.id, tl.data.id, fib.data.id]);
    expect((await list(token, EURUSD)).data.data.map((d: { id: number }) => d.id)).toEqual([eur.data.id]);

    // Moved: the same id, new points; its instrument stays.
    const moved = await save(token, {
      ...trend,
      id: tl.data.id,
      points: [
        { time: T0 + 60, price: '86000' },
        { time: T0 + 7_200, price: '86500' },
      ],
    });
    expect(moved.data).toMatchObject({
      id: tl.data.id,
      points: [
        { time: T0 + 60, price: '86000.00' },
        { time: T0 + 7_200, price: '86500.00' },
      ],
    });
    // Moving it as if it were another instrument's finds nothing.
    const elsewhere = await save(token, { ...hline(), forex_id: EURUSD, id: tl.data.id });
    expect([elsewhere.code, elsewhere.msg]).toEqual([ResultCode.BusinessRule, 'Drawing not found']);

    expect((await remove(token, line.data.id)).code).toBe(1);
    expect((await remove(token, line.data.id)).msg).toBe('Drawing not found');
    expect((await list(token)).data.data.map((d: { id: number }) => d.id)).toEqual([tl.data.id, fib.data.id]);
  });

  it('never shows, moves or deletes another trader’s drawing', async () => {
    const a = await fundedUser(t.services, 0);
    const b = await fundedUser(t.services, 0);
    const drawing = (await save(a.token, hline('90000'))).data as { id: number };
    expect((await list(b.token)).data.data).toEqual([]);
    const move = await save(b.token, { ...hline('1'), id: drawing.id });
    expect([move.code, move.msg]).toEqual([ResultCode.BusinessRule, 'Drawing not found']);
    const del = await remove(b.token, drawing.id);
    expect([del.code, del.msg]).toEqual([ResultCode.BusinessRule, 'Drawing not found']);
    expect((await list(a.token)).data.data).toEqual([
      expect.objectContaining({ id: drawing.id, points: [{ time: T0, price: '90000.00' }] }),
    ]);
    // Signed out: nothing, and nothing changed.
    expect((await list(undefined)).code).toBe(ResultCode.SessionExpired);
    expect((await save(undefined, hline())).code).toBe(ResultCode.SessionExpired);
    expect((await remove(undefined, drawing.id)).code).toBe(ResultCode.SessionExpired);
    expect((await list(a.token)).data.data).toHaveLength(1);
  });

  it('stops at the limit per instrument with a message naming it', async () => {
    const { userId, token } = await fundedUser(t.services, 0);
    const db = t.services.core.db;
    for (let i = 0; i < MAX_DRAWINGS_PER_INSTRUMENT - 1; i++) {
      const id = await insertDrawing(
        db,
        {
          user_id: userId,
          instrument_id: BTC,
          kind: 'hline',
          time1: T0,
          price1: points(8_700_000 + i),
          time2: null,
          price2: null,
          color: 'blue',
          now: i,
        },
        MAX_DRAWINGS_PER_INSTRUMENT,
      );
      expect(id).not.toBeNull();
    }
    expect((await save(token, hline())).code).toBe(1);
    const full = await save(token, hline());
    expect([full.code, full.msg]).toEqual([
      ResultCode.BusinessRule,
      `You can keep at most ${MAX_DRAWINGS_PER_INSTRUMENT} drawings on one instrument. Delete one first.`,
    ]);
    // Another language says it in its own words.
    const hk = envelope(
      await t.app.inject({
        method: 'POST',
        url: '/v1/api/drawings/save',
        headers: { lang: 'hk', authorization: token, 'content-type': 'application/json' },
        payload: JSON.stringify(hline()),
      }),
    );
    expect(hk.code).toBe(ResultCode.BusinessRule);
    expect(hk.msg).not.toBe(full.msg);
    expect(hk.msg).toContain(String(MAX_DRAWINGS_PER_INSTRUMENT));
    // Full on BTC: moving one still works, and another instrument has room.
    const first = (await list(token)).data.data[0] as { id: number };
    expect((await save(token, { ...hline('1'), id: first.id })).code).toBe(1);
    expect((await save(token, { ...hline('1.1'), forex_id: EURUSD })).code).toBe(1);
    expect((await list(token)).data.data).toHaveLength(MAX_DRAWINGS_PER_INSTRUMENT);
    // One gone, one more fits.
    expect((await remove(token, first.id)).code).toBe(1);
    expect((await save(token, hline())).code).toBe(1);
  });

  it('refuses bad input with a clear message, and writes nothing', async () => {
    const { token } = await fundedUser(t.services, 0);
    const point = { time: T0, price: '87500' };
    const bad: [string, unknown][] = [
      ['forex_id true', { ...hline(), forex_id: true }],
      ['forex_id [26]', { ...hline(), forex_id: [BTC] }],
      ['forex_id "0x1a"', { ...hline(), forex_id: '0x1a' }],
      ['forex_id 2^31', { ...hline(), forex_id: 2 ** 31 }],
      ['id true', { ...hline(), id: true }],
      ['id [1]', { ...hline(), id: [1] }],
      ['id "0x1"', { ...hline(), id: '0x1' }],
      ['id -1', { ...hline(), id: -1 }],
      ['id 2^53', { ...hline(), id: 2 ** 53 }],
      ['kind unknown', { ...hline(), kind: 'circle' }],
      ['kind true', { ...hline(), kind: true }],
      ['points absent', { ...hline(), points: undefined }],
      ['points empty', { ...hline(), points: [] }],
      ['points a string', { ...hline(), points: JSON.stringify([point]) }],
      ['hline with two points', { ...hline(), points: [point, { ...point, price: '1' }] }],
      ['trend with one point', { ...trend, points: [point] }],
      ['three points', { ...trend, points: [point, point, point] }],
      ['trend through one point twice', { ...trend, points: [point, { ...point, price: '87500.00' }] }],
      ['flat fib', { ...trend, kind: 'fib', points: [point, { time: T0 + 60, price: '87500' }] }],
      ['time true', { ...hline(), points: [{ ...point, time: true }] }],
      ['time [1]', { ...hline(), points: [{ ...point, time: [T0] }] }],
      ['time "0x1"', { ...hline(), points: [{ ...point, time: '0x1' }] }],
      ['time in ms', { ...hline(), points: [{ ...point, time: T0 * 1000 }] }],
      ['time before 2000', { ...hline(), points: [{ ...point, time: 1 }] }],
      ['time fractional', { ...hline(), points: [{ ...point, time: T0 + 0.5 }] }],
      ['price true', { ...hline(true) }],
      ['price [1]', { ...hline(), points: [{ ...point, price: [1] }] }],
      ['price "0x1"', hline('0x1')],
      ['price "1e3"', hline('1e3')],
      ['price negative', hline('-1')],
      ['price 0', hline('0')],
      ['price huge', hline('1000000000.01')],
      ['price 1e308', hline(1e308)],
      ['price with more decimals than BTC', hline('87500.123')],
      ['style absent', { ...hline(), style: undefined }],
      ['colour unknown', { ...hline(), style: { color: '#ff0000' } }],
      ['colour [blue]', { ...hline(), style: { color: ['blue'] } }],
    ];
    for (const [what, body] of bad) {
      const reply = await save(token, body);
      expect(reply.code, what).not.toBe(1);
      expect(reply.code, what).not.toBe(ResultCode.Internal);
      expect(reply.msg, what).toMatch(/\S/);
    }
    expect((await save(token, hline('87500.123'))).msg).toBe(
      "A drawing's price has at most 2 decimals on this instrument",
    );
    expect((await save(token, { ...trend, points: [point] })).data).toEqual({ field: 'points' });
    const unknown = await save(token, { ...hline(), forex_id: 999_999 });
    expect([unknown.code, unknown.msg]).toEqual([ResultCode.BusinessRule, 'This instrument does not exist']);
    for (const id of [true, [1], '0x1', -1, 0, 2 ** 53, 'abc']) {
      const reply = await remove(token, id);
      expect(reply.code, JSON.stringify(id)).toBe(ResultCode.InvalidParams);
    }
    for (const forexId of ['true', '0x1a', '-1', '2147483648', '']) {
      expect((await list(token, forexId)).code, forexId).toBe(ResultCode.InvalidParams);
    }
    expect((await list(token, 999_999)).msg).toBe('This instrument does not exist');
    expect((await list(token)).data.data).toEqual([]);
  });
});
