import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, stopServer } from '../src/app.js';
import {
  client,
  createTestApp,
  createTestDatabase,
  DIALECTS,
  fundedUser,
  ledgerOf,
  setQuote,
  type TestApp,
  weekdayClock,
} from './helper.js';

const BTC = 26;
const ETH = 27;

describe.each(DIALECTS)('risk, recovery and the account (%s)', (dialect) => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    api = client(t.app);
  });
  afterAll(async () => t.close());

  const open = (token: string, form: Record<string, string | number>) =>
    api.post('/v1/api/forex/submit', form, { token });

  it('stops out the largest loss first until the margin level recovers', async () => {
    setQuote(t.services, 'BTCUSD', 8_750_000, 8_753_000);
    setQuote(t.services, 'ETHUSD', 295_000, 295_250);
    const { userId, token } = await fundedUser(t.services, 1_000);
    // BTC: 0.1 lot × 87,530 / 20 = 437.65 margin; ETH: 1 lot × 2,952.50 / 20 = 147.625.
    const btc = (await open(token, { type: 1, cont: '0.10', forex_id: BTC, status: 1, multiple: 20 })).data;
    const eth = (await open(token, { type: 1, cont: '1.00', forex_id: ETH, status: 1, multiple: 20 })).data;
    expect([btc.CautionMoney, eth.CautionMoney]).toEqual([437.65, 147.625]);
    // Balance 1,000 − 2 − 2 = 996. BTC bid 82,000: loss (82,000 − 87,530) × 0.1 = −553;
    // ETH −0.25 (spread). Equity 442.75 over 585.275 used → level 75.6%: a margin call only.
    setQuote(t.services, 'BTCUSD', 8_200_000, 8_203_000);
    await t.services.trading.engine.settle();
    expect((await api.get('/v1/api/forex/my_deal?status=1', { token })).data.total).toBe(2);
    expect(t.services.trading.engine.index.accounts.get(userId)?.marginCalled).toBe(true);

    // BTC bid 80,000: −753 → equity 242.75, level 41.5% ≤ 50%: BTC (the largest loss) is
    // closed, and with ETH alone (243 − 0.25 = 242.75 over 147.625 → 164%) the level recovers.
    setQuote(t.services, 'BTCUSD', 8_000_000, 8_003_000);
    await t.services.trading.engine.settle();
    const history = (await api.get('/v1/api/forex/my_deal?status=3', { token })).data.data;
    expect(history.map((o: any) => [o.Id, o.CloseReason, o.FactProfits])).toEqual([
      [btc.Id, 'stop_out', -753],
    ]);
    const holding = (await api.get('/v1/api/forex/my_deal?status=1', { token })).data.data;
    expect(holding.map((o: any) => o.Id)).toEqual([eth.Id]);
    expect(await ledgerOf(t.services, userId)).toEqual({ balance: 243_000_000, logSum: 243_000_000 });
  });

  it('restores a negative balance to zero with its own ledger row after a gap', async () => {
    setQuote(t.services, 'BTCUSD', 8_750_000, 8_753_000);
    const { userId, token } = await fundedUser(t.services, 500);
    await open(token, { type: 1, cont: '0.10', forex_id: BTC, status: 1, multiple: 20 });
    // A gap down of 10,000 USD: loss 1,003 on a 498 balance.
    setQuote(t.services, 'BTCUSD', 7_750_000, 7_753_000);
    await t.services.trading.engine.settle();
    expect(await ledgerOf(t.services, userId)).toEqual({ balance: 0, logSum: 0 });
    const log = (await api.get('/v1/api/main/accountLog/forexChange?page=1', { token })).data;
    expect(log.data.slice(0, 2).map((l: any) => [l.Type, l.Value, l.BalanceAfter, l.MemoTran])).toEqual([
      ['negative_balance_reset', 505, 0, 'Negative balance protection'],
      ['trade_profit', -1003, -505, 'Trading profit/loss'],
    ]);
    expect(log.total).toBe(4);
    expect(log.data[0].CreatedAtTran).not.toBe('');
  });

  it('reloads open positions and pending orders after a restart and keeps enforcing them', async () => {
    const database = await createTestDatabase(dialect);
    try {
      const config = { SIM_SEED: 1, SIM_TICK_MS: 500 };
      let services = await createServer(database.handle, config, { now: weekdayClock });
      setQuote(services, 'BTCUSD', 8_750_000, 8_753_000);
      const { userId } = await fundedUser(services, 10_000);
      const position = await services.trading.orders.submit(userId, {
        type: 1,
        cont: '0.1',
        forex_id: BTC,
        status: 1,
        multiple: 10,
        target_profit_price: '88000',
      });
      const pending = await services.trading.orders.submit(userId, {
        type: 2,
        cont: '0.1',
        forex_id: BTC,
        status: 0,
        target_price: '88500',
        multiple: 10,
      });
      await stopServer(services);

      services = await createServer(database.handle, config, { now: weekdayClock });
      const account = services.trading.engine.index.accounts.get(userId)!;
      expect([...account.positions.keys()]).toEqual([Number(position.id)]);
      expect([...account.pendings.keys()]).toEqual([Number(pending.id)]);
      expect(account.usedMargin).toBe(875_300_000);
      // A tick through both levels: the TP closes the buy, the sell limit fills.
      setQuote(services, 'BTCUSD', 8_860_000, 8_863_000);
      await services.trading.engine.settle();
      expect([...account.positions.keys()]).toEqual([Number(pending.id)]);
      const rows = await services.core.db
        .selectFrom('orders')
        .select(['id', 'status', 'close_reason'])
        .orderBy('id')
        .execute();
      expect(rows.map((r) => [Number(r.id), r.status, r.close_reason])).toEqual([
        [Number(position.id), 3, 'tp'],
        [Number(pending.id), 1, null],
      ]);
      const { balance, logSum } = await ledgerOf(services, userId);
      expect(balance).toBe(logSum);
      await stopServer(services);
    } finally {
      await database.drop();
    }
  });

  it('resets a demo account and refuses the reset to real users', async () => {
    setQuote(t.services, 'BTCUSD', 8_750_000, 8_753_000);
    const demo = await api.get('/api/user/createAccountDemoForU');
    const token = demo.data.token as string;
    await open(token, { type: 1, cont: '0.10', forex_id: BTC, status: 1, multiple: 10 });
    await open(token, {
      type: 1,
      cont: '0.10',
      forex_id: BTC,
      status: 0,
      target_price: 80_000,
      multiple: 10,
    });
    const reset = await api.get('/v1/api/main/user/resetForexDemoAccount', { token });
    expect(reset).toEqual({ code: 1, msg: 'Demo account reset', data: { balance: 10000 } });
    for (const status of [0, 1])
      expect((await api.get(`/v1/api/forex/my_deal?status=${status}`, { token })).data.total).toBe(0);
    const { balance, logSum } = await ledgerOf(t.services, demo.data.user.id);
    expect([balance, logSum]).toEqual([10_000_000_000, 10_000_000_000]);
    const real = await fundedUser(t.services, 100);
    expect((await api.get('/v1/api/main/user/resetForexDemoAccount', { token: real.token })).msg).toBe(
      'Only a demo account can be reset',
    );
    const bal = await api.get('/v1/api/main/wallet/getBalance', { token });
    expect(bal.data).toEqual({ balance: 10000, lock_balance: 0 });
  });
});
