import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RolloverJob } from '../src/modules/trading/financing/rollover-job.js';
import {
  client,
  createTestApp,
  DIALECTS,
  fundedUser,
  ledgerOf,
  setQuote,
  TestClock,
  type TestApp,
} from './helper.js';

/**
 * The daily rollover (docs/money.md "Overnight financing (swap)") on both databases, with the
 * seeded terms: currencies −6.5 / +1.2 points a lot, triple on Wednesday; crypto −20 % / −10 %
 * a year, every day. New York is on EST (UTC−5) in late November: 17:00 there is 22:00 UTC.
 */
const at = (iso: string) => Date.parse(iso);
/** Wednesday 25 November 2026, 10:00 New York. */
const WED_MORNING = at('2026-11-25T15:00:00Z');
const EURUSD = 1;
const BTC = 26;

describe.each(DIALECTS)('the rollover (%s)', (dialect) => {
  let t: TestApp;
  const clock = new TestClock(WED_MORNING);
  const job = () => t.services.trading.rollover;
  const db = () => t.services.core.db;
  let api: ReturnType<typeof client>;

  /** Quotes at the clock's time: EUR/USD 1.15800/1.15810, BTC 87,500.00/87,530.00. */
  const quote = () => {
    setQuote(t.services, 'EURUSD', 115_800, 115_810);
    setQuote(t.services, 'BTCUSD', 8_750_000, 8_753_000);
  };
  const open = async (token: string, form: object) => {
    quote();
    const res = await api.post('/v1/api/forex/submit', { status: 1, ...form }, { token });
    expect(res.code, res.msg).toBe(1);
    return res.data.Id as number;
  };
  const swapOf = async (token: string, id: number) => {
    const all = [
      ...(await api.get('/v1/api/forex/my_deal?status=1', { token })).data.data,
      ...(await api.get('/v1/api/forex/my_deal?status=3', { token })).data.data,
    ];
    return all.find((o: any) => o.Id === id);
  };
  const chargesOf = (orderId: number) =>
    db()
      .selectFrom('swap_charges')
      .select(['trading_day', 'nights', 'amount'])
      .where('order_id', '=', orderId)
      .orderBy('trading_day')
      .execute()
      .then((rows) => rows.map((r) => [r.trading_day, r.nights, Number(r.amount)]));

  let trader: { userId: number; token: string };
  let long = 0;
  let short = 0;
  let coin = 0;

  beforeAll(async () => {
    t = await createTestApp(dialect, { services: { now: clock.now } });
    api = client(t.app);
    // The first run ever owes only the rollover before it (Tuesday's), with nothing open.
    expect(await job().runDue()).toEqual({ finished: ['2026-11-24'], charged: 0, deferred: 0 });
    trader = await fundedUser(t.services, 10_000);
    long = await open(trader.token, { type: 1, cont: '1', forex_id: EURUSD, multiple: 100 });
    short = await open(trader.token, { type: 2, cont: '1', forex_id: EURUSD, multiple: 100 });
    coin = await open(trader.token, { type: 1, cont: '0.1', forex_id: BTC, multiple: 10 });
  });
  afterAll(async () => t.close());

  it('charges nothing before 17:00 New York', async () => {
    clock.value = at('2026-11-25T21:59:00Z');
    expect(await job().runDue()).toEqual({ finished: [], charged: 0, deferred: 0 });
  });

  it("charges Wednesday's triple night on currencies and one night on crypto, to the micro-dollar, once", async () => {
    const before = await ledgerOf(t.services, trader.userId);
    clock.value = at('2026-11-25T22:00:30Z');
    quote();
    expect(await job().runDue()).toEqual({ finished: ['2026-11-25'], charged: 3, deferred: 0 });
    // −6.5 points × 0.00001 × 100,000 × 1 lot = −6.50 a night, × 3; +1.20 × 3.
    expect(await chargesOf(long)).toEqual([['2026-11-25', 3, -19_500_000]]);
    expect(await chargesOf(short)).toEqual([['2026-11-25', 3, 3_600_000]]);
    // −20 % ÷ 100 ÷ 360 × 0.1 × 1 × 87,500.00 (the bid a buy closes at) = −4.8611111… → −4.861111.
    expect(await chargesOf(coin)).toEqual([['2026-11-25', 1, -4_861_111]]);

    const after = await ledgerOf(t.services, trader.userId);
    expect(after.balance - before.balance).toBe(-19_500_000 + 3_600_000 - 4_861_111);
    expect(after.balance).toBe(after.logSum);
    expect((await swapOf(trader.token, long)).Swap).toBe(-19.5);
    expect((await swapOf(trader.token, short)).Swap).toBe(3.6);
    const log = (await api.get('/v1/api/main/accountLog/forexChange', { token: trader.token })).data.data;
    expect(
      log
        .filter((l: any) => l.Type === 'swap')
        .map((l: any) => l.Value)
        .sort(),
    ).toEqual([-19.5, -4.861111, 3.6].sort());

    // Again, and by a second engine at the same moment: nothing more.
    const second = new RolloverJob({ ...t.services.trading.rollover['deps'] });
    const [a, b] = await Promise.all([job().runDue(), second.runDue()]);
    expect(a.charged + b.charged).toBe(0);
    expect(await chargesOf(long)).toHaveLength(1);
    expect((await t.services.books.check('schedule')).problems).toEqual([]);
  });

  let late = 0;
  it('does not charge a position opened after the rollover for the night before', async () => {
    clock.value = at('2026-11-25T22:10:00Z');
    late = await open(trader.token, { type: 1, cont: '0.5', forex_id: EURUSD, multiple: 100 });
    expect(await job().runDue()).toEqual({ finished: [], charged: 0, deferred: 0 });
    expect(await chargesOf(late)).toEqual([]);
  });

  it('catches up after downtime, charging a position closed meanwhile for the nights it was held', async () => {
    // The engine is down from Wednesday's run to Saturday. The long is closed on Friday
    // morning: it was held over Thursday's rollover, not Friday's.
    clock.value = at('2026-11-27T15:00:00Z');
    quote();
    expect((await api.post('/v1/api/forex/close', { id: long }, { token: trader.token })).code).toBe(1);
    clock.value = at('2026-11-28T15:00:00Z');
    quote();
    expect((await job().runDue()).finished).toEqual(['2026-11-26', '2026-11-27']);
    expect(await chargesOf(long)).toEqual([
      ['2026-11-25', 3, -19_500_000],
      ['2026-11-26', 1, -6_500_000],
    ]);
    // The late one: one night each, −6.5 × 0.5 = −3.25.
    expect(await chargesOf(late)).toEqual([
      ['2026-11-26', 1, -3_250_000],
      ['2026-11-27', 1, -3_250_000],
    ]);
    const closed = await swapOf(trader.token, long);
    expect(closed.Swap).toBe(-26);
    expect(closed.NetProfits).toBeCloseTo(closed.FactProfits - closed.TradeFee - 26, 6);
    // Saturday and Sunday: crypto only.
    clock.value = at('2026-11-30T12:00:00Z');
    quote();
    expect((await job().runDue()).finished).toEqual(['2026-11-28', '2026-11-29']);
    expect((await chargesOf(short)).map(([day]) => day)).toEqual(['2026-11-25', '2026-11-26', '2026-11-27']);
    expect((await chargesOf(coin)).map(([day]) => day)).toEqual([
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
    ]);
    const { balance, logSum } = await ledgerOf(t.services, trader.userId);
    expect(balance).toBe(logSum);
    expect((await t.services.books.check('schedule')).problems).toEqual([]);
  });

  it('finishes a day a failed run left open, charging each position once', async () => {
    clock.value = at('2026-11-30T22:00:05Z');
    quote();
    const valuation = t.services.trading.valuation;
    const real = valuation.swapCharge.bind(valuation);
    let calls = 0;
    const spy = vi.spyOn(valuation, 'swapCharge').mockImplementation((...args) => {
      if (++calls === 2) throw new Error('the engine died here');
      return real(...args);
    });
    await expect(job().runDue()).rejects.toThrow('the engine died here');
    spy.mockRestore();
    const done = await db()
      .selectFrom('rollovers')
      .selectAll()
      .where('trading_day', '=', '2026-11-30')
      .executeTakeFirst();
    expect(done?.finished_at).toBeNull();
    expect((await job().runDue()).finished).toEqual(['2026-11-30']);
    const days = await db()
      .selectFrom('swap_charges')
      .select((eb) => ['order_id', eb.fn.countAll<number | string>().as('n')])
      .where('trading_day', '=', '2026-11-30')
      .groupBy('order_id')
      .execute();
    expect(days.length).toBe(3); // short, coin, late
    expect(days.every((d) => Number(d.n) === 1)).toBe(true);
  });
});
