import { ResultCode } from '@pipwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addFavourite, listFavourites } from '../src/modules/market/favourites/favourite.repository.js';
import { client, createTestApp, envelope, DIALECTS, fundedUser, type TestApp } from './helper.js';

const BTC = 26;
const EURUSD = 1;

/**
 * Favourites (docs/market-data.md "Favourites"): a trader stars instruments, in order, only
 * their own; starring twice changes nothing; a bad value is refused, never read as another.
 */
describe.each(DIALECTS)('favourites (%s)', (dialect) => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    api = client(t.app);
  });
  afterAll(async () => t.close());

  /** Sent as JSON, so `true`, `[1]` and numbers arrive as themselves, not as form text. */
  const star = async (token: string, body: Record<string, unknown>) =>
    envelope(
      await t.app.inject({
        method: 'POST',
        url: '/v1/api/forex/favourite',
        headers: { lang: 'en', authorization: token, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      }),
    );
  const list = (token: string) => api.get('/v1/api/forex/favourites', { token });

  it('stars and unstars in order, idempotently, each trader their own', async () => {
    const a = await fundedUser(t.services, 0);
    const b = await fundedUser(t.services, 0);
    expect(await list(a.token)).toMatchObject({ code: 1, data: { ids: [] } });
    expect((await star(a.token, { forex_id: BTC, favourite: 1 })).data).toEqual({ ids: [BTC] });
    // A form sends "1"; starring again keeps one row and the first place.
    expect((await star(a.token, { forex_id: String(EURUSD), favourite: '1' })).data).toEqual({
      ids: [BTC, EURUSD],
    });
    expect((await star(a.token, { forex_id: BTC, favourite: 1 })).data).toEqual({ ids: [BTC, EURUSD] });
    expect((await list(b.token)).data).toEqual({ ids: [] });
    // B's unstar of A's instrument touches only B's (empty) list.
    expect((await star(b.token, { forex_id: BTC, favourite: 0 })).data).toEqual({ ids: [] });
    expect((await list(a.token)).data).toEqual({ ids: [BTC, EURUSD] });
    expect((await star(a.token, { forex_id: BTC, favourite: 0 })).data).toEqual({ ids: [EURUSD] });
    expect((await star(a.token, { forex_id: BTC, favourite: 0 })).data).toEqual({ ids: [EURUSD] });
  });

  it('refuses bad input with a clear message, and callers who are not signed in', async () => {
    const { token } = await fundedUser(t.services, 0);
    for (const body of [
      { forex_id: BTC, favourite: true },
      { forex_id: BTC, favourite: 2 },
      { forex_id: BTC, favourite: '0x1' },
      { forex_id: BTC, favourite: [1] },
      { forex_id: BTC },
      { forex_id: true, favourite: 1 },
      { forex_id: '0x1a', favourite: 1 },
      { forex_id: [BTC], favourite: 1 },
      { forex_id: -1, favourite: 1 },
      { forex_id: 2 ** 31, favourite: 1 },
    ]) {
      const reply = await star(token, body);
      expect(reply.code, JSON.stringify(body)).not.toBe(1);
      expect(reply.msg).toMatch(/\S/);
    }
    const unknown = await star(token, { forex_id: 999_999, favourite: 1 });
    expect([unknown.code, unknown.msg]).toEqual([ResultCode.BusinessRule, 'This instrument does not exist']);
    expect((await list(token)).data).toEqual({ ids: [] });
    expect((await api.get('/v1/api/forex/favourites', {})).code).not.toBe(1);
    expect((await api.post('/v1/api/forex/favourite', { forex_id: BTC, favourite: 1 })).code).not.toBe(1);
  });

  it('stops at the limit with a message naming it', async () => {
    const { userId, token } = await fundedUser(t.services, 0);
    const db = t.services.core.db;
    const row = (id: number) => ({ user_id: userId, instrument_id: id, created_at: id });
    expect(await addFavourite(db, row(BTC), 2)).toBe(true);
    expect(await addFavourite(db, row(EURUSD), 2)).toBe(true);
    expect(await addFavourite(db, row(3), 2)).toBe(false);
    // Already starred: still starred at the limit.
    expect(await addFavourite(db, row(BTC), 2)).toBe(true);
    expect(await listFavourites(db, userId)).toEqual(
      [EURUSD, BTC].sort((x, y) => row(x).created_at - row(y).created_at),
    );
    expect((await list(token)).data.ids).toHaveLength(2);
  });
});
