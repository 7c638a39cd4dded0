import { LANGS } from '@pipwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_CARD_INSTRUCTIONS, seedFundsIfEmpty } from '../src/modules/wallet/seed/funds-seed.js';
import { addressFamily, isValidAddress } from '../src/modules/wallet/methods/address-check.js';
import { client, createTestApp, createUserWithSession, DIALECTS, type TestApp } from './helper.js';

/** Deposit channels and withdraw currencies as traders read them, and their first-start seed. */

describe.each(DIALECTS)('deposit channels and withdraw currencies (%s)', (dialect) => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    api = client(t.app);
    ({ token } = await createUserWithSession(t.services));
  });
  afterAll(async () => t.close());

  it('seeds sample coin channels whose addresses pass the address check of their network', async () => {
    const coins = await api.get('/api/quickCharge/info', { token });
    expect(coins.code).toBe(1);
    expect(
      coins.data.map((c: { currency_code: string; protocol_code: string; usd_rate: string }) => [
        c.currency_code,
        c.protocol_code,
        c.usd_rate,
      ]),
    ).toEqual([
      ['USDT', 'TRC20', '1'],
      ['USDT', 'ERC20', '1'],
      ['BTC', 'BTC', '87500'],
    ]);
    for (const channel of coins.data as { id: number; protocol_code: string; address: string }[]) {
      expect(Object.keys(channel).sort()).toEqual([
        'address',
        'currency_code',
        'id',
        'protocol_code',
        'usd_rate',
      ]);
      const family = addressFamily(channel.protocol_code);
      expect(family, channel.protocol_code).toBeDefined();
      expect(isValidAddress(family!, channel.address), channel.address).toBe(true);
    }
    expect((await api.get('/api/quickCharge/symbols', { token })).data).toEqual([
      { currency_code: 'USDT', protocol_codes: ['TRC20', 'ERC20'] },
      { currency_code: 'BTC', protocol_codes: ['BTC'] },
    ]);
    // Everything seeded is marked as a sample for operators to replace.
    const flags = await t.services.core.db.selectFrom('deposit_channels').select('is_sample').execute();
    const currencyFlags = await t.services.core.db
      .selectFrom('withdraw_currencies')
      .select('is_sample')
      .execute();
    expect([...flags, ...currencyFlags].every((r) => Number(r.is_sample) === 1)).toBe(true);
  });

  it('lists the bank wire account', async () => {
    const wire = await api.get('/api/quickCharge/wire_info', { token });
    expect(wire.data).toHaveLength(1);
    expect(wire.data[0]).toMatchObject({ bank_swift: 'EXAMUS33', currency_code: 'USD', usd_rate: '1' });
    for (const field of ['bank_name', 'bank_address', 'payee_name', 'payee_account', 'bank_remark'])
      expect(wire.data[0][field], field).not.toBe('');
  });

  it('gives the card channel’s instructions in the caller’s language, English when missing', async () => {
    for (const lang of LANGS) {
      const card = await api.get('/api/quickCharge/card_info', { token, lang });
      expect(card.data).toHaveLength(1);
      expect(card.data[0].instructions, lang).toBe(SAMPLE_CARD_INSTRUCTIONS[lang]);
      expect(card.data[0].provider_url).toMatch(/^https:\/\/[a-z.]*example\.com\//);
    }
    // Every language is written, and none is a copy of the English text.
    for (const lang of LANGS.filter((l) => l !== 'en'))
      expect(SAMPLE_CARD_INSTRUCTIONS[lang], lang).not.toBe(SAMPLE_CARD_INSTRUCTIONS.en);

    const id = (await api.get('/api/quickCharge/card_info', { token })).data[0].id as number;
    await t.services.core.db
      .updateTable('deposit_channels')
      .set({ instructions: JSON.stringify({ en: 'Pay at the link', fr: 'Payez au lien' }) })
      .where('id', '=', id)
      .execute();
    expect((await api.get('/api/quickCharge/card_info', { token, lang: 'fr' })).data[0].instructions).toBe(
      'Payez au lien',
    );
    expect((await api.get('/api/quickCharge/card_info', { token, lang: 'jp' })).data[0].instructions).toBe(
      'Pay at the link',
    );
    await t.services.core.db
      .updateTable('deposit_channels')
      .set({ instructions: '{broken' })
      .where('id', '=', id)
      .execute();
    const broken = await api.get('/api/quickCharge/card_info', { token, lang: 'jp' });
    expect(broken.code).toBe(1);
    expect(broken.data[0].instructions).toBe('');
  });

  it('lists withdraw currencies of a type with their fee, price, minimum and channel', async () => {
    const coins = await api.get('/api/account/draw_symbol_list?type=1', { token });
    expect(coins.data.map((c: Record<string, unknown>) => ({ ...c, id: undefined }))).toEqual([
      {
        id: undefined,
        type: 1,
        code: 'USDT',
        protocol: 'TRC20',
        draw_rate: '1',
        fee_type: 1,
        usd_price: '1',
        minimum: '10',
        has_channel: true,
      },
      {
        id: undefined,
        type: 1,
        code: 'USDT',
        protocol: 'ERC20',
        draw_rate: '5',
        fee_type: 1,
        usd_price: '1',
        minimum: '20',
        has_channel: true,
      },
    ]);
    expect((await api.get('/api/account/draw_symbol_list', { token })).data).toEqual(coins.data);
    const fiat = await api.get('/api/account/draw_symbol_list?type=2', { token });
    expect(
      fiat.data.map(
        (c: {
          code: string;
          has_channel: boolean;
          draw_rate: string;
          fee_type: number;
          usd_price: string;
        }) => [c.code, c.has_channel, c.draw_rate, c.fee_type, c.usd_price],
      ),
    ).toEqual([
      ['USD', true, '0.005', 2, '1'],
      ['EUR', false, '0.005', 2, '0.92'],
    ]);
    expect((await api.get('/api/account/draw_symbol_list?type=3', { token })).code).toBe(1001);
  });

  it('hides what operators disabled', async () => {
    await t.services.core.db
      .updateTable('deposit_channels')
      .set({ enabled: 0 })
      .where('protocol_code', '=', 'ERC20')
      .execute();
    await t.services.core.db
      .updateTable('withdraw_currencies')
      .set({ enabled: 0 })
      .where('code', '=', 'EUR')
      .execute();
    try {
      expect(
        (await api.get('/api/quickCharge/info', { token })).data.map(
          (c: { protocol_code: string }) => c.protocol_code,
        ),
      ).toEqual(['TRC20', 'BTC']);
      expect((await api.get('/api/quickCharge/symbols', { token })).data[0]).toEqual({
        currency_code: 'USDT',
        protocol_codes: ['TRC20'],
      });
      expect(
        (await api.get('/api/account/draw_symbol_list?type=2', { token })).data.map(
          (c: { code: string }) => c.code,
        ),
      ).toEqual(['USD']);
    } finally {
      await t.services.core.db.updateTable('deposit_channels').set({ enabled: 1 }).execute();
      await t.services.core.db.updateTable('withdraw_currencies').set({ enabled: 1 }).execute();
    }
  });

  it('seeds once: a second start adds nothing', async () => {
    const count = async () => ({
      channels: (await t.services.core.db.selectFrom('deposit_channels').select('id').execute()).length,
      currencies: (await t.services.core.db.selectFrom('withdraw_currencies').select('id').execute()).length,
    });
    expect(await count()).toEqual({ channels: 5, currencies: 4 });
    expect(await seedFundsIfEmpty(t.services.core.db)).toBe(false);
    expect(await count()).toEqual({ channels: 5, currencies: 4 });
  });
});
