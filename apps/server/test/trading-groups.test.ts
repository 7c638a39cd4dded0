import {
  adminDeleteGroupEndpoint,
  adminGroupConditionsEndpoint,
  adminGroupsEndpoint,
  adminLeverageCapsEndpoint,
  adminSaveGroupConditionEndpoint,
  adminSaveGroupEndpoint,
  adminSaveLeverageCapEndpoint,
  adminSetUserGroupEndpoint,
  ResultCode,
  type AdminGroup,
} from '@pipwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, createOperator, type TestOperator } from './admin-fixtures.js';
import { groupBody } from './group-fixtures.js';
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
 * Trading groups (docs/trading-groups.md) on both databases: where accounts land, the retail
 * caps at order time, commissions on both sides on the terms the position opened with,
 * levels per group, swap-free positions at the rollover, and the operators' rules.
 */
const EURUSD = 1;
const BTC = 26;
const CRYPTO = 6;
/** Wednesday 25 November 2026, 10:00 New York: every market is open. */
const WED_MORNING = Date.parse('2026-11-25T15:00:00Z');

describe.each(DIALECTS)('trading groups (%s)', (dialect) => {
  let t: TestApp;
  let admin: TestOperator;
  let api: ReturnType<typeof client>;
  const clock = new TestClock(WED_MORNING);
  const ops = () => adminClient(t.app);
  const call = async (endpoint: Parameters<ReturnType<typeof adminClient>['call']>[0], body: unknown) =>
    ops().call(endpoint, body, { token: admin.token });
  const quote = () => {
    setQuote(t.services, 'EURUSD', 115_800, 115_810);
    setQuote(t.services, 'BTCUSD', 8_750_000, 8_753_000);
  };
  const groups = async (): Promise<AdminGroup[]> => (await call(adminGroupsEndpoint, {})).data;
  const groupNamed = async (name: string) => (await groups()).find((g) => g.name === name)!;
  const baseGroup = (g: AdminGroup) => ({
    id: g.id,
    name: g.name,
    account_kind: g.account_kind,
    is_default: g.is_default,
    professional: g.professional,
    swap_free: g.swap_free,
    trade_fee_type: g.trade_fee_type,
    margin_call_level: g.margin_call_level,
    stop_out_level: g.stop_out_level,
    commission_type: g.commission_type,
    commission_rate: g.commission_rate,
    commission_min: g.commission_min,
  });
  const moveTo = async (userId: number, groupId: number) => {
    const res = await call(adminSetUserGroupEndpoint, { id: userId, group_id: groupId, reason: 'test' });
    expect(res.code, res.msg).toBe(1);
  };
  const submit = (token: string, form: object) => {
    quote();
    return api.post(
      '/v1/api/forex/submit',
      { status: 1, type: 1, cont: '1', forex_id: EURUSD, ...form },
      { token },
    );
  };
  const logOf = (userId: number) =>
    t.services.core.db
      .selectFrom('account_logs')
      .select(['type', 'amount', 'ref_id'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute()
      .then((rows) =>
        rows.map((r) => [r.type, Number(r.amount), r.ref_id === null ? null : Number(r.ref_id)]),
      );

  beforeAll(async () => {
    t = await createTestApp(dialect, { services: { now: clock.now } });
    api = client(t.app);
    admin = await createOperator(t.services, 'admin');
  });
  afterAll(async () => t.close());

  it('puts a new account in the default group of its kind, and shows the trader its conditions', async () => {
    const list = await groups();
    expect(list.map((g) => [g.name, g.account_kind, g.is_default, g.professional])).toEqual([
      ['Demo', 'demo', 1, 1],
      ['Standard', 'real', 1, 1],
      ['Retail (ESMA)', 'real', 0, 0],
    ]);
    const trader = await fundedUser(t.services, 1_000);
    const demo = await api.post('/v1/api/user/demo', {});
    const standard = list.find((g) => g.name === 'Standard')!;
    const accountGroup = async (userId: number) =>
      Number(
        (
          await t.services.core.db
            .selectFrom('accounts')
            .select('group_id')
            .where('user_id', '=', userId)
            .executeTakeFirstOrThrow()
        ).group_id,
      );
    expect(await accountGroup(trader.userId)).toBe(standard.id);
    if (demo.code === 1) {
      const demoId = Number((await api.get('/v1/api/user/info', { token: demo.data.token })).data?.id ?? 0);
      if (demoId) expect(await accountGroup(demoId)).toBe(list.find((g) => g.name === 'Demo')!.id);
    }
    const mine = (await api.get('/v1/api/main/account/conditions', { token: trader.token })).data;
    expect(mine.group).toMatchObject({ name: 'Standard', professional: 1, swap_free: 0, stop_out_level: 50 });
    const eur = mine.instruments.find((i: any) => i.code === 'EURUSD');
    expect(eur).toMatchObject({ asset_class: 'fx_major', cap: null, leverages: [50, 100, 200, 500] });
  });

  it('holds a retail group to the caps at order time, naming the cap, and shows them on the conditions', async () => {
    const trader = await fundedUser(t.services, 10_000);
    await moveTo(trader.userId, (await groupNamed('Retail (ESMA)')).id);
    const mine = (await api.get('/v1/api/main/account/conditions', { token: trader.token })).data;
    const byCode = (code: string) => mine.instruments.find((i: any) => i.code === code);
    // Every choice of the catalogue is above the cap: the cap itself is the one left.
    expect(byCode('EURUSD')).toMatchObject({ cap: 30, leverages: [30] });
    expect(byCode('BTCUSD')).toMatchObject({ asset_class: 'crypto', cap: 2, leverages: [2] });
    const refused = await submit(trader.token, { multiple: 100 });
    expect(refused.code).toBe(2000);
    expect(refused.msg).toContain('30:1');
    const tooMuchCrypto = await submit(trader.token, { forex_id: BTC, cont: '0.01', multiple: 5 });
    expect(tooMuchCrypto.msg).toContain('2:1');
    const filled = await submit(trader.token, { multiple: 30 });
    expect(filled.code, filled.msg).toBe(1);
    expect(filled.data.Leverage).toBe(30);
    // An operator lowers the cap for another jurisdiction: the next order is held to it.
    expect((await call(adminSaveLeverageCapEndpoint, { asset_class: 'fx_major', cap: 20 })).code).toBe(1);
    expect((await submit(trader.token, { multiple: 30 })).msg).toContain('20:1');
    const caps = (await call(adminLeverageCapsEndpoint, {})).data;
    expect(caps.find((c: any) => c.asset_class === 'fx_major')).toEqual({
      asset_class: 'fx_major',
      cap: 20,
      esma: 30,
    });
    await call(adminSaveLeverageCapEndpoint, { asset_class: 'fx_major', cap: 30 });
  });

  it('charges the commission on both sides, on the terms the position opened with', async () => {
    const saved = await call(
      adminSaveGroupEndpoint,
      groupBody('Raw spread', { trade_fee_type: 1, commission_type: 'per_lot', commission_rate: '3.5' }),
    );
    expect(saved.code, saved.msg).toBe(1);
    // No fee on EUR/USD in this group: the commission is its cost.
    const condition = await call(adminSaveGroupConditionEndpoint, {
      group_id: saved.data.id,
      instrument_id: EURUSD,
      fee_rate: '0',
    });
    expect(condition.code, condition.msg).toBe(1);
    const trader = await fundedUser(t.services, 10_000);
    await moveTo(trader.userId, saved.data.id);
    const opened = await submit(trader.token, { cont: '2', multiple: 100 });
    expect(opened.code, opened.msg).toBe(1);
    expect(opened.data).toMatchObject({ TradeFee: 0, Commission: 7 });
    // The group's commission rises after the open: the close still charges 3.5 a lot.
    await call(adminSaveGroupEndpoint, { ...baseGroup(saved.data), commission_rate: '9' });
    quote();
    const closed = await api.post('/v1/api/forex/close', { id: opened.data.Id }, { token: trader.token });
    expect(closed.code, closed.msg).toBe(1);
    expect(closed.data.Commission).toBe(14);
    // 2 lots from 1.15810 to 1.15800: −20 USD gross, −14 commission.
    expect(closed.data.FactProfits).toBe(-20);
    expect(closed.data.NetProfits).toBe(-34);
    const id = opened.data.Id;
    expect((await logOf(trader.userId)).filter(([, , ref]) => ref === id)).toEqual([
      ['commission', -7_000_000, id],
      ['trade_profit', -20_000_000, id],
      ['commission', -7_000_000, id],
    ]);
    const { balance, logSum } = await ledgerOf(t.services, trader.userId);
    expect(balance).toBe(logSum);
    expect(balance).toBe(10_000_000_000 - 34_000_000);
  });

  it('counts a commission per million of notional with its minimum, the same in the preview', async () => {
    const saved = await call(
      adminSaveGroupEndpoint,
      groupBody('Per million', {
        commission_type: 'per_million',
        commission_rate: '30',
        commission_min: '1',
      }),
    );
    expect(saved.code, saved.msg).toBe(1);
    const trader = await fundedUser(t.services, 100_000);
    await moveTo(trader.userId, saved.data.id);
    quote();
    const form = { type: 1, cont: '10', forex_id: EURUSD, status: 1, multiple: 100 };
    const preview = await api.post('/v1/api/forex/preview', form, { token: trader.token });
    expect(preview.code, preview.msg).toBe(1);
    // 10 lots × 100,000 EUR at 1.15810 = 1,158,100 USD; × 30 / 1,000,000 = 34.743.
    expect(preview.data.commission).toBe(34.743);
    const opened = await submit(trader.token, form);
    expect(opened.data.Commission).toBe(34.743);
    // 0.01 lots: 0.034743 by the rate, 1 by the minimum.
    const small = await submit(trader.token, { ...form, cont: '0.01' });
    expect(small.data.Commission).toBe(1);
  });

  it('takes the levels of the account’s group for the margin call and the stop-out', async () => {
    const saved = await call(
      adminSaveGroupEndpoint,
      groupBody('Cautious', { margin_call_level: '300', stop_out_level: '200' }),
    );
    expect(saved.code, saved.msg).toBe(1);
    const trader = await fundedUser(t.services, 1_000);
    await moveTo(trader.userId, saved.data.id);
    const mine = (await api.get('/v1/api/main/account/conditions', { token: trader.token })).data;
    expect(mine.group).toMatchObject({ margin_call_level: 300, stop_out_level: 200 });
    // 3 lots at 1:500: margin ≈ 694.86, equity ≈ 1,000 − fees: level ≈ 140 % < 200 % → stopped out at once.
    const opened = await submit(trader.token, { cont: '3', multiple: 500 });
    expect(opened.code, opened.msg).toBe(1);
    const out = await t.services.core.transactions.run(trader.userId, (tx) =>
      t.services.trading.desk.stopOutIfDue(tx),
    );
    expect(out?.closed).toHaveLength(1);
    expect(out?.stopOutLevel).toBe(200);
  });

  it('passes over at the rollover a position opened in a swap-free group', async () => {
    const saved = await call(adminSaveGroupEndpoint, groupBody('Islamic', { swap_free: 1 }));
    const trader = await fundedUser(t.services, 10_000);
    await moveTo(trader.userId, saved.data.id);
    const free = await submit(trader.token, { multiple: 100 });
    // Moved back: a position opened now pays swaps; the first one stays swap-free.
    await moveTo(trader.userId, (await groupNamed('Standard')).id);
    const charged = await submit(trader.token, { multiple: 100 });
    clock.value = Date.parse('2026-11-25T22:00:30Z');
    quote();
    await t.services.trading.rollover.runDue();
    const swapOf = async (id: number) =>
      Number(
        (
          await t.services.core.db
            .selectFrom('orders')
            .select('swap')
            .where('id', '=', id)
            .executeTakeFirstOrThrow()
        ).swap,
      );
    expect(await swapOf(free.data.Id)).toBe(0);
    // Wednesday: three nights of −6.5 points on 1 lot = −19.5 USD.
    expect(await swapOf(charged.data.Id)).toBe(-19_500_000);
    clock.value = WED_MORNING;
  });

  it('keeps the operators’ rules: defaults, kinds, names, members, levels', async () => {
    const standard = await groupNamed('Standard');
    const retail = await groupNamed('Retail (ESMA)');
    /** Refused with a translated message (a rule or the contract), naming what: `why`. */
    const refuse = async (endpoint: any, body: unknown, why: string) => {
      const res = await call(endpoint, body);
      expect([200, 400], why).toContain(res.status);
      expect([ResultCode.BusinessRule, ResultCode.InvalidParams], `${why}: ${res.body}`).toContain(res.code);
      expect(res.msg, why).not.toMatch(/^errors\./);
      return res;
    };
    // The default of a kind is replaced, never unset.
    await refuse(adminSaveGroupEndpoint, { ...baseGroup(standard), is_default: 0 }, 'default_required');
    await refuse(adminDeleteGroupEndpoint, { id: standard.id }, 'default_delete');
    // A group holding accounts is neither deleted nor changed to the other kind.
    await refuse(adminDeleteGroupEndpoint, { id: retail.id }, 'in_use');
    await refuse(adminSaveGroupEndpoint, { ...baseGroup(retail), account_kind: 'demo' }, 'kind_in_use');
    await refuse(
      adminSaveGroupEndpoint,
      { ...baseGroup(retail), id: undefined, name: 'STANDARD' },
      'name_taken',
    );
    await refuse(adminSaveGroupEndpoint, { ...baseGroup(retail), margin_call_level: '120' }, 'levels_both');
    await refuse(
      adminSaveGroupEndpoint,
      { ...baseGroup(retail), margin_call_level: '50', stop_out_level: '80' },
      'levels',
    );
    // A real account never lands in a demo group.
    const trader = await fundedUser(t.services, 10);
    const demoGroup = await groupNamed('Demo');
    await refuse(adminSetUserGroupEndpoint, { id: trader.userId, group_id: demoGroup.id }, 'kind_mismatch');
    // Making Retail (ESMA) the default takes the mark off Standard, in one step.
    const made = await call(adminSaveGroupEndpoint, { ...baseGroup(retail), is_default: 1 });
    expect(made.code, made.msg).toBe(1);
    const after = await groups();
    expect(after.filter((g) => g.account_kind === 'real' && g.is_default === 1).map((g) => g.name)).toEqual([
      'Retail (ESMA)',
    ]);
    await call(adminSaveGroupEndpoint, { ...baseGroup(standard), is_default: 1 });
    // A condition names one target and sets something.
    await refuse(adminSaveGroupConditionEndpoint, { group_id: retail.id, fee_rate: '1' }, 'target');
    await refuse(
      adminSaveGroupConditionEndpoint,
      { group_id: retail.id, category_id: 1, instrument_id: 1, fee_rate: '1' },
      'target',
    );
    await refuse(adminSaveGroupConditionEndpoint, { group_id: retail.id, instrument_id: 1 }, 'empty');
    // Strict input: no coercion of true, [1] or "0x1" into ids or flags.
    for (const bad of [true, [1], '0x1', '1e0', -1])
      await refuse(adminSetUserGroupEndpoint, { id: trader.userId, group_id: bad }, 'id');
    await refuse(adminSaveLeverageCapEndpoint, { asset_class: 'fx_major', cap: 0 }, 'cap');
    await refuse(adminSaveLeverageCapEndpoint, { asset_class: 'bonds', cap: 10 }, 'class');
  });

  it('names each condition’s target for every role that reads them, from the market module', async () => {
    const saved = await call(adminSaveGroupEndpoint, groupBody('Labelled'));
    expect(saved.code, saved.msg).toBe(1);
    const group_id = saved.data.id;
    const onBtc = await call(adminSaveGroupConditionEndpoint, {
      group_id,
      instrument_id: BTC,
      leverages: '2,5',
    });
    expect(onBtc.code, onBtc.msg).toBe(1);
    // The saved condition comes back labelled too.
    expect(onBtc.data).toMatchObject({ instrument_id: BTC, target_code: 'BTC/USD', target_names: null });
    const onCrypto = await call(adminSaveGroupConditionEndpoint, {
      group_id,
      category_id: CRYPTO,
      fee_rate: '1',
    });
    expect(onCrypto.code, onCrypto.msg).toBe(1);
    const finance = await createOperator(t.services, 'finance');
    for (const token of [admin.token, finance.token]) {
      const list = await ops().call(adminGroupConditionsEndpoint, { group_id }, { token });
      expect(list.code, list.msg).toBe(1);
      // Categories first; each names its target, the other label null.
      expect(list.data).toMatchObject([
        { category_id: CRYPTO, instrument_id: null, target_code: null, target_names: { en: 'Crypto' } },
        { category_id: null, instrument_id: BTC, target_code: 'BTC/USD', target_names: null },
      ]);
    }
    // Finance reads the conditions, and changes none.
    const refused = await ops().call(
      adminSaveGroupConditionEndpoint,
      { group_id, instrument_id: BTC, leverages: '2' },
      { token: finance.token },
    );
    expect(refused.code).toBe(ResultCode.Forbidden);
  });

  it('lets no trader session in, and no support operator change a group', async () => {
    const trader = await fundedUser(t.services, 10);
    const asTrader = await ops().call(adminGroupsEndpoint, {}, { token: trader.token });
    expect(asTrader.code).toBe(ResultCode.SessionExpired);
    const support = await createOperator(t.services, 'support');
    expect((await ops().call(adminGroupsEndpoint, {}, { token: support.token })).code).toBe(1);
    const standard = await groupNamed('Standard');
    const res = await ops().call(adminSaveGroupEndpoint, baseGroup(standard), { token: support.token });
    expect(res.code).toBe(ResultCode.Forbidden);
    const move = await ops().call(
      adminSetUserGroupEndpoint,
      { id: trader.userId, group_id: standard.id },
      { token: support.token },
    );
    expect(move.code).toBe(ResultCode.Forbidden);
  });
});
