import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createTestApp, DIALECTS, setQuote, type TestApp } from './helper.js';

const BTC = 26;

/** Realised P/L on the history tab counts from the last demo reset; the history itself stays. */
describe.each(DIALECTS)('history across a demo reset (%s)', (dialect) => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    api = client(t.app);
  });
  afterAll(async () => t.close());

  // Times are milliseconds: a pause keeps "before" and "after" the reset apart.
  const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

  it('totals only orders closed after the last reset and says when it was', async () => {
    setQuote(t.services, 'BTCUSD', 8_750_000, 8_753_000); // 87,500.00 / 87,530.00
    const demo = await api.get('/api/user/createAccountDemoForU');
    const token = demo.data.token as string;
    const buy = () =>
      api.post(
        '/v1/api/forex/submit',
        { type: 1, cont: '0.10', forex_id: BTC, status: 1, multiple: 10 },
        { token },
      );
    const history = async () => (await api.get('/v1/api/forex/my_deal?status=3&page=1', { token })).data;

    // Before any reset: a closed gain of (87,600 − 87,530) × 0.1 = 7.
    const first = (await buy()).data;
    setQuote(t.services, 'BTCUSD', 8_760_000, 8_763_000);
    await api.post('/v1/api/forex/close', { id: first.Id }, { token });
    expect(await history()).toMatchObject({ total: 1, all_fact_profits: 7, reset_at: 0 });

    // An open position is closed by the reset itself: it belongs to the old account.
    const second = (await buy()).data;
    setQuote(t.services, 'BTCUSD', 8_700_000, 8_703_000);
    await tick();
    expect((await api.get('/v1/api/main/user/resetForexDemoAccount', { token })).code).toBe(1);
    const afterReset = await history();
    expect(afterReset.total).toBe(2);
    expect(afterReset.all_fact_profits).toBe(0);
    const closedByReset = afterReset.data.find((o: { Id: number }) => o.Id === second.Id);
    expect(closedByReset.CloseReason).toBe('demo_reset');
    expect(afterReset.reset_at).toBe(closedByReset.CompletedAt);

    // After the reset only new results count: (86,900 − 87,030) × 0.1 = −13.
    await tick();
    const third = (await buy()).data;
    setQuote(t.services, 'BTCUSD', 8_690_000, 8_693_000);
    await api.post('/v1/api/forex/close', { id: third.Id }, { token });
    expect(await history()).toMatchObject({ total: 3, all_fact_profits: -13, reset_at: afterReset.reset_at });

    // A reset with nothing open is marked by its ledger row (the balance moved back).
    await tick();
    await api.get('/v1/api/main/user/resetForexDemoAccount', { token });
    const again = await history();
    expect(again.reset_at).toBeGreaterThan(afterReset.reset_at);
    expect(again.all_fact_profits).toBe(0);
    // Other tabs carry no reset time.
    const holding = (await api.get('/v1/api/forex/my_deal?status=1', { token })).data;
    expect(holding.reset_at).toBeUndefined();
  });
});
