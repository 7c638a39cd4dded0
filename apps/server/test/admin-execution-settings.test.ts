import * as c from '@pipwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createTestApp, DIALECTS, setQuote, type TestApp } from './helper.js';
import { adminClient, auditCount, createOperator, type TestOperator } from './admin-fixtures.js';

/**
 * An instrument's execution settings in the back office (docs/execution.md): the mode, the
 * markup, the slippage limit and the provider's symbol are saved, audited and reach the
 * pricing at once; what is out of range, of the wrong type or a symbol another instrument
 * already maps to is refused with a translated message and changes nothing.
 */
const EURUSD = 1;
const BTC = 26;

describe.each(DIALECTS)('execution settings per instrument (%s)', (dialect) => {
  let t: TestApp;
  let admin: TestOperator;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await createOperator(t.services, 'admin');
  });
  afterAll(async () => t.close());

  const api = () => adminClient(t.app);
  const listed = async (id: number) =>
    (
      (await api().call(c.adminInstrumentsEndpoint, {}, { token: admin.token })).data as c.AdminInstrument[]
    ).find((i) => i.id === id)!;
  /** The instrument's whole edit as the form sends it, with `change` on top. */
  const inputOf = async (id: number, change: Record<string, unknown> = {}) => {
    const i = await listed(id);
    return {
      id,
      category_id: i.category_id,
      spread_points: i.spread_points,
      max_quote_age_ms: i.max_quote_age_ms,
      leverages: i.leverages.join(','),
      fee_rate: i.fee_rate,
      min_lots: i.min_lots,
      lot_step: i.lot_step,
      enabled: i.enabled,
      sort: i.sort,
      execution_mode: i.execution_mode,
      markup_points: i.markup_points,
      max_slippage_points: i.max_slippage_points,
      provider_symbol: i.provider_symbol,
      swap_long: i.swap_long,
      swap_short: i.swap_short,
      swap_unit: i.swap_unit,
      swap_triple_day: i.swap_triple_day,
      ...change,
    };
  };
  const save = async (
    id: number,
    change: Record<string, unknown>,
    o: { token?: string; lang?: string } = {},
  ) =>
    api().call(c.adminSaveInstrumentEndpoint, await inputOf(id, change), {
      token: o.token ?? admin.token,
      headers: { lang: o.lang ?? 'en' },
    });
  const board = async (id: number) =>
    ((await client(t.app).get('/v1/api/forex/trade_list')).data as c.TradePair[]).find((p) => p.Id === id)!;
  const lastAudit = () =>
    t.services.core.db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();

  it('starts every instrument on B-book with its default provider symbol', async () => {
    const row = await t.services.core.db
      .selectFrom('instruments')
      .select('max_slippage_points')
      .where('id', '=', EURUSD)
      .executeTakeFirstOrThrow();
    // The slippage limit starts where the seed puts it (docs/execution.md); shown as stored.
    expect(await listed(EURUSD)).toMatchObject({
      execution_mode: 'b_book',
      markup_points: 0,
      max_slippage_points: row.max_slippage_points,
      provider_symbol: null,
      default_provider_symbol: 'EUR/USD',
    });
    expect((await listed(BTC)).default_provider_symbol).toBe('BTCUSD');
  });

  it('saves the settings, audits them and widens the trader’s board price by the markup at once', async () => {
    setQuote(t.services, 'EURUSD', 108_000, 108_010);
    expect((await board(EURUSD)).ForexQuotations).toMatchObject({ Bid: 1.08, Ask: 1.0801 });

    const before = await auditCount(t.services);
    const saved = await save(EURUSD, {
      execution_mode: 'a_book',
      markup_points: 4,
      max_slippage_points: 50,
      provider_symbol: ' EURUSD.pro ',
    });
    expect(saved).toMatchObject({
      code: 1,
      msg: 'Saved',
      data: {
        execution_mode: 'a_book',
        markup_points: 4,
        max_slippage_points: 50,
        provider_symbol: 'EURUSD.pro',
      },
    });
    expect(await auditCount(t.services)).toBe(before + 1);
    const row = await lastAudit();
    expect(row).toMatchObject({
      action: 'instrument.save',
      object_type: 'instrument',
      object_id: String(EURUSD),
    });
    expect(JSON.parse(row.before_json!)).toMatchObject({
      execution_mode: 'b_book',
      markup_points: 0,
      provider_symbol: null,
    });
    expect(JSON.parse(row.after_json!)).toMatchObject({
      execution_mode: 'a_book',
      markup_points: 4,
      max_slippage_points: 50,
      provider_symbol: 'EURUSD.pro',
    });

    // The market service has it now (the `changed` callback reloaded it): the next order
    // is routed, and the next quote is marked up — 2 points off the bid, 2 on the ask.
    expect(t.services.market.service.instrument(EURUSD)).toMatchObject({
      executionMode: 'a_book',
      markupPoints: 4,
      maxSlippagePoints: 50,
      providerSymbol: 'EURUSD.pro',
    });
    setQuote(t.services, 'EURUSD', 108_000, 108_010);
    expect((await board(EURUSD)).ForexQuotations).toMatchObject({ Bid: 1.07998, Ask: 1.08012 });

    // An odd markup puts the larger half on the ask; empty text is the default symbol again.
    expect((await save(EURUSD, { markup_points: 5, provider_symbol: '' })).data).toMatchObject({
      markup_points: 5,
      provider_symbol: null,
    });
    setQuote(t.services, 'EURUSD', 108_000, 108_010);
    expect((await board(EURUSD)).ForexQuotations).toMatchObject({ Bid: 1.07998, Ask: 1.08013 });

    const reset = await save(EURUSD, { execution_mode: 'b_book', markup_points: 0, max_slippage_points: 10 });
    expect(reset.code, reset.msg).toBe(1);
    setQuote(t.services, 'EURUSD', 108_000, 108_010);
    expect((await board(EURUSD)).ForexQuotations).toMatchObject({ Bid: 1.08, Ask: 1.0801 });
    expect(t.services.market.service.instrument(EURUSD)?.executionMode).toBe('b_book');
  });

  it('reads an integer given as digits, as every integer field does (docs/input-validation.md)', async () => {
    const saved = await save(BTC, { markup_points: '6', max_slippage_points: '0' });
    expect(saved.data).toMatchObject({ markup_points: 6, max_slippage_points: 0 });
    expect((await save(BTC, { markup_points: 0, max_slippage_points: 10 })).code).toBe(1);
  });

  it('refuses what is out of range or of the wrong type with a translated message, changing nothing', async () => {
    const was = await listed(BTC);
    const before = await auditCount(t.services);
    for (const [field, value] of [
      ['execution_mode', 'c_book'],
      ['execution_mode', '5'],
      ['execution_mode', 1],
      ['execution_mode', true],
      ['execution_mode', ['a_book']],
      ['execution_mode', null],
      ['markup_points', 100_001],
      ['markup_points', -1],
      ['markup_points', 1.5],
      ['markup_points', true],
      ['markup_points', [1]],
      ['markup_points', '1e3'],
      ['markup_points', '0x1'],
      ['max_slippage_points', 1_000_001],
      ['max_slippage_points', false],
      ['max_slippage_points', {}],
      ['provider_symbol', 5],
      ['provider_symbol', true],
      ['provider_symbol', ['EUR/USD']],
      ['provider_symbol', 'X'.repeat(33)],
      ['provider_symbol', 'EUR USD'],
      ['provider_symbol', 'EUR|USD'],
      ['provider_symbol', 'a=b'],
      ['swap_long', '1e2'],
      ['swap_long', true],
      ['swap_long', [1]],
      ['swap_long', '100000.5'],
      ['swap_short', '0x10'],
      ['swap_short', '1.00001'],
      ['swap_unit', 'pips'],
      ['swap_unit', 1],
      ['swap_triple_day', 'thursday'],
      ['swap_triple_day', null],
    ] as const) {
      const bad = await save(BTC, { [field]: value });
      const what = `${field}=${JSON.stringify(value)}`;
      expect(bad.status, what).toBeLessThan(500);
      expect(bad, what).toMatchObject({ code: c.ResultCode.InvalidParams, data: { field } });
      expect(bad.msg, what).not.toMatch(/^errors\./);
    }
    const missing = await api().call(
      c.adminSaveInstrumentEndpoint,
      { ...(await inputOf(BTC)), execution_mode: undefined },
      { token: admin.token },
    );
    expect(missing).toMatchObject({ code: 1001, msg: 'execution_mode is required' });
    const symbol = await save(BTC, { provider_symbol: 'BTC USD' });
    expect(symbol.msg).toBe(
      'A provider symbol is 1 to 32 letters, digits or / . _ : # + - characters, without spaces',
    );
    const inChinese = await save(BTC, { provider_symbol: 'BTC USD' }, { lang: 'hk' });
    expect(inChinese.msg).toBe('提供商代碼須為 1 至 32 個字母、數字或 / . _ : # + - 字元，不可有空格');
    expect(await auditCount(t.services)).toBe(before);
    expect(await listed(BTC)).toEqual(was);
  });

  it('saves swap terms, audits them and shows them to traders; a percent beyond 100 is refused on its field', async () => {
    const saved = await save(BTC, {
      swap_long: '-12.5',
      swap_short: '3',
      swap_unit: 'percent_per_year',
      swap_triple_day: 'friday',
    });
    expect(saved).toMatchObject({
      code: 1,
      data: { swap_long: '-12.5', swap_short: '3', swap_unit: 'percent_per_year', swap_triple_day: 'friday' },
    });
    expect((await lastAudit()).after_json).toContain('"swap_long":"-12.5"');
    expect(await board(BTC)).toMatchObject({
      SwapLong: '-12.5',
      SwapShort: '3',
      SwapUnit: 'percent_per_year',
      SwapTripleDay: 'friday',
    });
    expect(t.services.market.service.instrument(BTC)?.swap).toEqual({
      long: '-12.5',
      short: '3',
      unit: 'percent_per_year',
      tripleDay: 'friday',
    });
    const before = await auditCount(t.services);
    const tooMuch = await save(BTC, { swap_unit: 'percent_per_year', swap_short: '-100.5' });
    expect(tooMuch).toMatchObject({ code: c.ResultCode.InvalidParams, data: { field: 'swap_short' } });
    expect(tooMuch.msg).not.toMatch(/^errors\./);
    // The same figure in points is a rate, not a percent: taken.
    expect((await save(BTC, { swap_unit: 'points', swap_short: '-100.5' })).code).toBe(1);
    expect(await auditCount(t.services)).toBe(before + 1);
    await save(BTC, {
      swap_long: '-20',
      swap_short: '-10',
      swap_unit: 'percent_per_year',
      swap_triple_day: 'none',
    });
  });
  it('refuses a provider symbol another instrument maps to, by default or by override', async () => {
    const before = await auditCount(t.services);
    // EURUSD is quoted as EUR/USD by default.
    const taken = await save(BTC, { provider_symbol: 'EUR/USD' });
    expect(taken).toMatchObject({
      code: c.ResultCode.BusinessRule,
      msg: 'EURUSD already uses the provider symbol EUR/USD: one symbol can quote only one instrument',
      data: { field: 'provider_symbol' },
    });
    const inArabic = await save(BTC, { provider_symbol: 'EUR/USD' }, { lang: 'ar' });
    expect(inArabic.msg).toBe(
      'الأداة EURUSD تستخدم رمز المزوّد EUR/USD بالفعل: لا يمكن للرمز الواحد تسعير أكثر من أداة واحدة',
    );
    expect(await auditCount(t.services)).toBe(before);

    // An override taken by another instrument's override; and a default another's override took.
    expect((await save(BTC, { provider_symbol: 'XBT/USD' })).code).toBe(1);
    expect(await save(EURUSD, { provider_symbol: 'XBT/USD' })).toMatchObject({
      code: 2000,
      msg: 'BTCUSD already uses the provider symbol XBT/USD: one symbol can quote only one instrument',
    });
    expect((await save(BTC, { provider_symbol: 'EURUSD' })).code).toBe(1);
    const eurusd = await listed(EURUSD);
    expect(await save(EURUSD, { provider_symbol: 'EURUSD' })).toMatchObject({ code: 2000 });
    // Keeping its own symbol, or naming its own default, is no clash.
    expect((await save(BTC, { provider_symbol: 'EURUSD', sort: 7 })).code).toBe(1);
    expect((await save(EURUSD, { provider_symbol: 'EUR/USD' })).code).toBe(1);
    expect((await save(EURUSD, { provider_symbol: eurusd.provider_symbol })).code).toBe(1);

    // A closed instrument still owns its symbol: reopening it must not make a clash.
    const closed = await save(BTC, { provider_symbol: null, enabled: 0 });
    expect(closed.code, closed.msg).toBe(1);
    expect(await save(EURUSD, { provider_symbol: 'BTCUSD' })).toMatchObject({ code: 2000 });
    expect((await save(BTC, { enabled: 1, sort: (await listed(BTC)).sort })).code).toBe(1);
    expect((await listed(BTC)).provider_symbol).toBeNull();
  });

  it('lets only admins change them', async () => {
    const was = await listed(EURUSD);
    for (const role of ['finance', 'support', 'content'] as const) {
      const operator = await createOperator(t.services, role);
      const refused = await save(
        EURUSD,
        { execution_mode: 'a_book', markup_points: 9 },
        { token: operator.token },
      );
      expect(refused, role).toMatchObject({
        code: c.ResultCode.Forbidden,
        msg: 'Your role does not allow this action',
      });
    }
    expect(await listed(EURUSD)).toEqual(was);
    expect(t.services.market.service.instrument(EURUSD)?.executionMode).toBe('b_book');
  });
});
