import { microUsd } from '@pipwise/shared';
import * as c from '@pipwise/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  client,
  createTestApp,
  createUserWithSession,
  DIALECTS,
  fundedUser,
  setQuote,
  type TestApp,
} from './helper.js';
import { fundsFixture } from './funds-fixtures.js';
import { adminClient, createOperator, type TestOperator } from './admin-fixtures.js';

/**
 * What operators configure and review (issue 9): instruments and categories (taking
 * effect at once), settings, channels and currencies (addresses checked), content, private
 * images by role, the dashboard, the outbox and the audit log — with their bad inputs.
 */
const BTC = 26;
const EIP55 = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

describe.each(DIALECTS)('back-office configuration (%s)', (dialect) => {
  let t: TestApp;
  let admin: TestOperator;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await createOperator(t.services, 'admin');
  });
  afterAll(async () => t.close());

  const api = () => adminClient(t.app);
  const btcInput = async () => {
    const list = await api().call(c.adminInstrumentsEndpoint, {}, { token: admin.token });
    const btc = (list.data as c.AdminInstrument[]).find((i) => i.id === BTC)!;
    return {
      id: BTC,
      category_id: btc.category_id,
      spread_points: btc.spread_points,
      max_quote_age_ms: btc.max_quote_age_ms,
      leverages: btc.leverages.join(','),
      fee_rate: btc.fee_rate,
      min_lots: btc.min_lots,
      lot_step: btc.lot_step,
      enabled: 1,
      sort: btc.sort,
      execution_mode: btc.execution_mode,
      markup_points: btc.markup_points,
      max_slippage_points: btc.max_slippage_points,
      provider_symbol: btc.provider_symbol,
      swap_long: btc.swap_long,
      swap_short: btc.swap_short,
      swap_unit: btc.swap_unit,
      swap_triple_day: btc.swap_triple_day,
    };
  };

  it('applies a new spread to the next quote and closes an instrument only without live orders', async () => {
    const base = await btcInput();
    const saved = await api().call(
      c.adminSaveInstrumentEndpoint,
      { ...base, spread_points: 4321, leverages: '20, 5,10', max_quote_age_ms: 30_000 },
      { token: admin.token },
    );
    expect(saved).toMatchObject({
      code: 1,
      msg: 'Saved',
      data: { spread_points: 4321, leverages: [5, 10, 20], max_quote_age_ms: 30_000 },
    });
    // The quote age limit reaches the pricing and the board at once.
    expect(t.services.market.service.instrument(BTC)?.maxQuoteAgeMs).toBe(30_000);
    const pairs = (await client(t.app).get('/v1/api/forex/trade_list')).data as c.TradePair[];
    expect(pairs.find((p) => p.Id === BTC)?.MaxQuoteAge).toBe(30_000);
    const tick = t.services.market.feed.snapshot().find((q) => q.id === BTC)!;
    expect(tick.ask - tick.bid).toBe(4321);
    expect(t.services.market.service.instrument(BTC)?.leverages).toEqual([5, 10, 20]);

    const { token } = await fundedUser(t.services, 100_000);
    setQuote(t.services, 'BTCUSD', 8_750_000, 8_753_000);
    const order = await client(t.app).post(
      '/v1/api/forex/submit',
      { type: 1, cont: '0.01', forex_id: BTC, status: 1, multiple: 10 },
      { token },
    );
    expect(order.code, order.msg).toBe(1);
    const close = await api().call(
      c.adminSaveInstrumentEndpoint,
      { ...base, enabled: 0 },
      { token: admin.token },
    );
    expect(close).toMatchObject({ code: 2000, data: { field: 'enabled' } });
    expect(close.msg).toContain('1 open positions or pending orders');
    await client(t.app).post('/v1/api/forex/close', { id: order.data.Id }, { token });
    const closed = await api().call(
      c.adminSaveInstrumentEndpoint,
      { ...base, enabled: 0 },
      { token: admin.token },
    );
    expect(closed.code, closed.msg).toBe(1);
    const board = await client(t.app).get('/v1/api/forex/trade_list');
    expect((board.data as c.TradePair[]).map((p) => p.Id)).not.toContain(BTC);
    const refused = await client(t.app).post(
      '/v1/api/forex/submit',
      { type: 1, cont: '0.01', forex_id: BTC, status: 1, multiple: 10 },
      { token },
    );
    expect(refused).toMatchObject({ code: 2000, msg: 'This instrument does not exist' });
    expect((await api().call(c.adminSaveInstrumentEndpoint, base, { token: admin.token })).code).toBe(1);
    expect(
      (await client(t.app).get('/v1/api/forex/trade_list')).data.map((p: c.TradePair) => p.Id),
    ).toContain(BTC);

    for (const [field, value] of [
      ['leverages', '0,10'],
      ['leverages', '10,10'],
      ['leverages', '1;2'],
      ['lot_step', '0.00001'],
      ['min_lots', '0'],
      ['spread_points', -1],
      ['max_quote_age_ms', 999],
      ['max_quote_age_ms', 600_001],
      ['max_quote_age_ms', '0x1'],
      ['enabled', true],
      ['fee_rate', '1e-3'],
    ] as const) {
      const bad = await api().call(
        c.adminSaveInstrumentEndpoint,
        { ...base, [field]: value },
        { token: admin.token },
      );
      expect(bad, `${field}=${String(value)}`).toMatchObject({ code: 1001, data: { field } });
    }
    const step = await api().call(
      c.adminSaveInstrumentEndpoint,
      { ...base, min_lots: '0.015', lot_step: '0.01' },
      { token: admin.token },
    );
    expect(step).toMatchObject({
      code: 2000,
      msg: 'The minimum lots must be a multiple of the lot step (0.01)',
    });
    const unknown = await api().call(
      c.adminSaveInstrumentEndpoint,
      { ...base, id: 9_999 },
      { token: admin.token },
    );
    expect(unknown).toMatchObject({ code: 2000, msg: 'This instrument does not exist' });
  });

  it('names a new category in every language (English where none was given)', async () => {
    const saved = await api().call(
      c.adminSaveCategoryEndpoint,
      { names: { en: 'Bonds', de: 'Anleihen' }, sort: 50 },
      { token: admin.token },
    );
    expect(saved.code, saved.msg).toBe(1);
    expect(Object.keys(saved.data.names)).toHaveLength(18);
    expect(saved.data.names).toMatchObject({ en: 'Bonds', de: 'Anleihen', jp: 'Bonds' });
    const de = await client(t.app).get('/v1/api/forex/getCategories', { lang: 'de' });
    expect(de.data).toContainEqual({ Id: saved.data.id, NameShowTrans: 'Anleihen' });
    const noEnglish = await api().call(
      c.adminSaveCategoryEndpoint,
      { names: { de: 'X' }, sort: 1 },
      { token: admin.token },
    );
    expect(noEnglish).toMatchObject({ code: 1001, data: { field: 'names.en' } });
  });

  it('checks settings as a whole and makes them take effect at once', async () => {
    const changed: string[] = [];
    t.services.core.settings.events.on('changed', (key) => changed.push(key));
    const before = await api().call(c.adminSettingsEndpoint, {}, { token: admin.token });
    expect(before.data).toMatchObject({
      stop_out_level: '50',
      margin_call_level: '100',
      admin_totp_required: 1,
      max_alerts: 50,
    });
    const saved = await api().call(
      c.adminSaveSettingsEndpoint,
      {
        max_alerts: 20,
        stop_out_level: '30.5',
        margin_call_level: '120',
        service_link_type: 2,
        service_link: 'https://chat.example.com/room',
      },
      { token: admin.token },
    );
    expect(saved.code, saved.msg).toBe(1);
    expect(saved.data).toMatchObject({
      stop_out_level: '30.5',
      margin_call_level: '120',
      service_link_type: 2,
      max_alerts: 20,
    });
    expect(await t.services.core.settings.number('stop_out_level')).toBe(30.5);
    expect(await t.services.core.settings.number('max_alerts')).toBe(20);
    expect(changed.sort()).toEqual([
      'margin_call_level',
      'max_alerts',
      'service_link',
      'service_link_type',
      'stop_out_level',
    ]);
    const info = await client(t.app).get('/api/basicSet/getBasicInfo');
    expect(info.data).toMatchObject({
      service_link_type: 2,
      service_link: 'https://chat.example.com/room',
      // The order ticket reads the operator's levels from here.
      stop_out_level: 30.5,
      margin_call_level: 120,
    });

    const refusals: [Record<string, unknown>, string, string][] = [
      [{ stop_out_level: '120' }, 'stop_out_level', 'errors'],
      [{ margin_call_level: '1000.01' }, 'margin_call_level', 'invalid'],
      [{ margin_call_level: '20' }, 'margin_call_level', 'errors'],
      [{ service_link: 'javascript:alert(1)' }, 'service_link', 'errors'],
      [{ company_status: 1 }, 'company_loss_url', 'errors'],
      [{ support_email: 'not an e-mail' }, 'support_email', 'errors'],
      [{ complaint_host: 'https://user:pw@host.example' }, 'complaint_host', 'errors'],
      [{ verify_reg_type: 3 }, 'verify_reg_type', 'invalid'],
      [{ max_alerts: 0 }, 'max_alerts', 'invalid'],
      [{ max_alerts: 1001 }, 'max_alerts', 'invalid'],
      [{ max_alerts: '0x10' }, 'max_alerts', 'invalid'],
      [{ is_show_mobile: 2 }, 'is_show_mobile', 'invalid'],
      [{ stop_out_level: 0 }, 'stop_out_level', 'invalid'],
    ];
    for (const [input, field, kind] of refusals) {
      const answer = await api().call(c.adminSaveSettingsEndpoint, input, { token: admin.token });
      expect(answer, JSON.stringify(input)).toMatchObject({
        code: kind === 'invalid' ? 1001 : 2000,
        data: { field },
      });
    }
    const same = await api().call(
      c.adminSaveSettingsEndpoint,
      { stop_out_level: '30.50' },
      { token: admin.token },
    );
    expect(same).toMatchObject({ code: 2000, msg: 'Nothing was changed' });
    expect(await t.services.core.settings.number('stop_out_level')).toBe(30.5);
  });

  it('checks channel addresses with the wallet checks and shows new channels to traders', async () => {
    await fundsFixture(t.services);
    const coin = {
      kind: 'coin',
      currency_code: 'usdt',
      protocol_code: 'erc20',
      address: EIP55.toLowerCase(),
      usd_rate: '1',
      enabled: 1,
      sort: 1,
    };
    const saved = await api().call(c.adminSaveChannelEndpoint, coin, { token: admin.token });
    expect(saved).toMatchObject({
      code: 1,
      data: { currency_code: 'USDT', protocol_code: 'ERC20', address: EIP55, is_sample: 0 },
    });
    const { token } = await createUserWithSession(t.services);
    const traders = await client(t.app).get('/api/quickCharge/info', { token });
    expect(traders.data).toContainEqual(expect.objectContaining({ id: saved.data.id, address: EIP55 }));
    const wrongCase = await api().call(
      c.adminSaveChannelEndpoint,
      { ...coin, address: EIP55.replace('a', 'A') },
      { token: admin.token },
    );
    expect(wrongCase).toMatchObject({
      code: 2000,
      msg: 'This is not a valid ERC20 address, please check it',
      data: { field: 'address' },
    });
    const unknownNet = await api().call(
      c.adminSaveChannelEndpoint,
      { ...coin, protocol_code: 'SOL' },
      { token: admin.token },
    );
    expect(unknownNet).toMatchObject({ code: 2000, data: { field: 'protocol_code' } });
    const kindChange = await api().call(
      c.adminSaveChannelEndpoint,
      {
        id: saved.data.id,
        kind: 'wire',
        currency_code: 'USD',
        bank_name: 'B',
        payee_name: 'P',
        payee_account: '1',
        usd_rate: '1',
        enabled: 1,
        sort: 1,
      },
      { token: admin.token },
    );
    expect(kindChange).toMatchObject({ code: 2000, data: { field: 'kind' } });
    const disabled = await api().call(
      c.adminSaveChannelEndpoint,
      { ...coin, id: saved.data.id, enabled: 0 },
      { token: admin.token },
    );
    expect(disabled.code).toBe(1);
    expect(
      (await client(t.app).get('/api/quickCharge/info', { token })).data.map((ch: c.CoinChannel) => ch.id),
    ).not.toContain(saved.data.id);

    const card = {
      kind: 'card',
      currency_code: 'USD',
      provider_name: 'PayCo',
      provider_url: 'http://pay.example',
      usd_rate: '1',
      enabled: 1,
      sort: 1,
      instructions: { en: 'Pay, then upload the receipt' },
    };
    expect((await api().call(c.adminSaveChannelEndpoint, card, { token: admin.token })).data).toEqual({
      field: 'provider_url',
    });
    const cardOk = await api().call(
      c.adminSaveChannelEndpoint,
      { ...card, provider_url: 'https://pay.example/checkout' },
      { token: admin.token },
    );
    expect(cardOk).toMatchObject({ code: 1, data: { instructions: { en: 'Pay, then upload the receipt' } } });
    const wire = {
      kind: 'wire',
      currency_code: 'EUR',
      bank_name: 'Bank',
      payee_name: 'Pipwise',
      payee_account: 'DE89',
      bank_swift: 'deutdeff',
      usd_rate: '1.08',
      enabled: 1,
      sort: 1,
    };
    expect((await api().call(c.adminSaveChannelEndpoint, wire, { token: admin.token })).data).toMatchObject({
      bank_swift: 'DEUTDEFF',
    });
    expect(
      (await api().call(c.adminSaveChannelEndpoint, { ...wire, bank_swift: 'X1' }, { token: admin.token }))
        .data,
    ).toEqual({ field: 'bank_swift' });
    expect(
      (await api().call(c.adminSaveChannelEndpoint, { ...wire, payee_name: 'A\nB' }, { token: admin.token }))
        .data,
    ).toEqual({ field: 'payee_name' });

    const currency = {
      type: 1,
      code: 'usdc',
      protocol: 'bep20',
      fee_type: 2,
      draw_rate: '0.01',
      usd_price: '1',
      minimum: '10',
      has_channel: 1,
      enabled: 1,
      sort: 1,
    };
    const cur = await api().call(c.adminSaveCurrencyEndpoint, currency, { token: admin.token });
    expect(cur).toMatchObject({ code: 1, data: { code: 'USDC', protocol: 'BEP20' } });
    expect(
      (
        await api().call(
          c.adminSaveCurrencyEndpoint,
          { ...currency, protocol: 'XRP' },
          { token: admin.token },
        )
      ).data,
    ).toEqual({ field: 'protocol' });
    expect(
      (
        await api().call(
          c.adminSaveCurrencyEndpoint,
          { ...currency, id: cur.data.id, type: 2 },
          { token: admin.token },
        )
      ).data,
    ).toEqual({ field: 'type' });
  });

  it('lets each role see the private images of its own work, and nothing else', async () => {
    const { userId } = await fundedUser(t.services, 1);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c00' } })
      .png()
      .toBuffer();
    const stored = async () => {
      const row = await t.services.uploads.receive(
        userId,
        (await import('node:stream')).Readable.from([png]),
      );
      return row.name;
    };
    const [proof, front, back, loose] = [await stored(), await stored(), await stored(), await stored()];
    const channel = (await api().call(c.adminChannelsEndpoint, { kind: 'coin' }, { token: admin.token }))
      .data[0].id;
    await t.services.wallet.deposits.declare(userId, {
      type: 0,
      channelId: channel,
      number: '1',
      proofUrl: `/api/common/image/${proof}`,
    });
    await t.services.identity.submit(userId, {
      name: 'A B',
      card_id: 'XY987654',
      front_pic: `/api/common/image/${front}`,
      reverse_pic: `/api/common/image/${back}`,
    });
    const finance = await createOperator(t.services, 'finance');
    const support = await createOperator(t.services, 'support');
    const content = await createOperator(t.services, 'content');
    const get = (token: string, name: string) => api().call(c.adminImageEndpoint, { name }, { token });
    const image = await get(finance.token, proof);
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toBe('private');
    expect((await get(support.token, proof)).status).toBe(404);
    expect((await get(support.token, front)).status).toBe(200);
    expect((await get(finance.token, back)).status).toBe(404);
    expect((await get(admin.token, back)).status).toBe(200);
    expect((await get(admin.token, loose)).status).toBe(200);
    expect((await get(support.token, loose)).status).toBe(404);
    expect(await get(content.token, proof)).toMatchObject({ code: 2003 });
    for (const name of ['../../etc/passwd', `${proof}x`, proof.toUpperCase()]) {
      expect((await get(admin.token, name)).status, name).toBe(404);
    }
    const identities = await api().call(
      c.adminIdentitiesEndpoint,
      { user_id: userId },
      { token: support.token },
    );
    expect(identities.data.data[0]).toMatchObject({
      card_id: 'XY987654',
      front_pic: `/api/admin/image?name=${front}`,
      status: 1,
    });
  });

  it('keeps the other languages of an article when one is saved, sanitized', async () => {
    const content = await createOperator(t.services, 'content');
    const created = await api().call(
      c.adminSaveNewsEndpoint,
      {
        category_id: 1,
        base_lang: 'en',
        logo: '',
        published: 1,
        lang: 'en',
        title: 'Hello',
        desc: '',
        content: '<p onclick="x()">Hi<script>alert(1)</script></p>',
      },
      { token: content.token },
    );
    expect(created.code, created.msg).toBe(1);
    expect(created.data.translations.en.content).toBe('<p>Hi</p>');
    const id = created.data.id;
    const notBase = await api().call(
      c.adminSaveNewsEndpoint,
      {
        category_id: 1,
        base_lang: 'en',
        logo: '',
        published: 1,
        lang: 'fr',
        title: 'Salut',
        desc: '',
        content: '<p>Salut</p>',
      },
      { token: content.token },
    );
    expect(notBase.code).toBe(2000);
    const fr = await api().call(
      c.adminSaveNewsEndpoint,
      {
        id,
        category_id: 1,
        base_lang: 'en',
        logo: '',
        published: 0,
        lang: 'fr',
        title: 'Salut',
        desc: '',
        content: '<p>Salut</p>',
      },
      { token: content.token },
    );
    expect(Object.keys(fr.data.translations).sort()).toEqual(['en', 'fr']);
    expect(fr.data.published).toBe(false);
    const dropped = await api().call(
      c.adminRemoveNewsTranslationEndpoint,
      { id, lang: 'fr' },
      { token: content.token },
    );
    expect(Object.keys(dropped.data.translations)).toEqual(['en']);
    const base = await api().call(
      c.adminRemoveNewsTranslationEndpoint,
      { id, lang: 'en' },
      { token: content.token },
    );
    expect(base).toMatchObject({ code: 2000, data: { field: 'lang' } });
  });

  it('shows the dashboard, the outbox and the audit log with their filters', async () => {
    const finance = await createOperator(t.services, 'finance');
    const board = await api().call(c.adminDashboardEndpoint, {}, { token: finance.token });
    expect(board.code).toBe(1);
    expect(board.data.users.total).toBe(board.data.users.real + board.data.users.demo);
    expect(board.data.pending.deposits).toBeGreaterThanOrEqual(1);
    expect(board.data.pending.identities).toBeGreaterThanOrEqual(1);

    const { userId, token } = await fundedUser(t.services, 100_000);
    setQuote(t.services, 'EURUSD', 108_000, 108_010);
    const eur = t.services.market.service.instrumentByCode('EURUSD')!;
    for (const [type, cont] of [
      [1, '0.3'],
      [2, '0.1'],
    ] as const) {
      const order = await client(t.app).post(
        '/v1/api/forex/submit',
        { type, cont, forex_id: eur.id, status: 1, multiple: 100 },
        { token },
      );
      expect(order.code, order.msg).toBe(1);
    }
    const { token: demo } = await createUserWithSession(t.services, { is_demo: 1 });
    await t.services.core.db
      .insertInto('accounts')
      .values({
        user_id: (await t.services.auth.sessions.resolve(demo))!.userId,
        balance: microUsd(0),
        lock_balance: microUsd(0),
        updated_at: 0,
      })
      .execute();
    const after = await api().call(c.adminDashboardEndpoint, {}, { token: finance.token });
    const exposure = (after.data.exposure as c.Exposure[]).find((e) => e.code === 'EURUSD')!;
    expect(exposure).toMatchObject({
      long_lots: '0.3',
      short_lots: '0.1',
      net_lots: '0.2',
      positions: 2,
      priced: true,
    });
    expect(exposure.long_usd).toBeCloseTo(0.3 * Number(eur.contractSize) * 1.08005, 1);
    expect(exposure.net_usd).toBeCloseTo(exposure.long_usd - exposure.short_usd, 2);
    expect(userId).toBeGreaterThan(0);

    await t.services.notifier.email({ to: 'Someone@Example.com', subject: 'Your code', text: 'Code 123456' });
    const support = await createOperator(t.services, 'support');
    const outbox = await api().call(
      c.adminOutboxEndpoint,
      { recipient: 'someone@', channel: 'email' },
      { token: support.token },
    );
    expect(outbox.data.data[0]).toMatchObject({
      recipient: 'Someone@Example.com',
      body: 'Code 123456',
      channel: 'email',
    });
    expect((await api().call(c.adminOutboxEndpoint, { channel: 'fax' }, { token: support.token })).code).toBe(
      1001,
    );

    const audit = await api().call(
      c.adminAuditEndpoint,
      { action: 'instrument.save', object_type: 'instrument', object_id: String(BTC) },
      { token: admin.token },
    );
    expect(audit.data.total).toBeGreaterThanOrEqual(3);
    expect(audit.data.data[0]).toMatchObject({
      operator_id: admin.id,
      operator_email: admin.email,
      object_type: 'instrument',
    });
    expect(audit.data.data[0].before).toHaveProperty('spread_points');
    const none = await api().call(
      c.adminAuditEndpoint,
      { from: Date.now() + 60_000 },
      { token: admin.token },
    );
    expect(none.data).toEqual({ data: [], total: 0 });
    const byOperator = await api().call(
      c.adminAuditEndpoint,
      { operator_id: admin.id, to: Date.now() + 1 },
      { token: admin.token },
    );
    expect(byOperator.data.data.every((r: c.AuditEntry) => r.operator_id === admin.id)).toBe(true);
  });
});
