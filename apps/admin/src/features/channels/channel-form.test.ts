import { adminSaveChannelEndpoint, type AdminChannel } from '@pipwise/shared';
import { describe, expect, it } from 'vitest';
import { crudPayload } from '@/components/crud/payload';
import { t } from '@/test/english';
import { channelForm } from './channel-form';

const EMPTY = {
  protocol_code: '',
  address: '',
  bank_name: '',
  bank_address: '',
  bank_swift: '',
  payee_name: '',
  payee_account: '',
  bank_remark: '',
  provider_name: '',
  provider_url: '',
};

const card: AdminChannel = {
  id: 9,
  kind: 'card',
  currency_code: 'USD',
  ...EMPTY,
  provider_name: 'PayCo',
  provider_url: 'https://pay.example',
  instructions: { en: 'Pay by card', fr: 'Payez par carte' },
  usd_rate: '1',
  enabled: 1,
  sort: 0,
  is_sample: 1,
};

describe('the deposit channel form', () => {
  it('each kind asks for its own fields', () => {
    const keys = (kind: 'coin' | 'wire' | 'card') =>
      channelForm(t, kind, null)
        .fields({})
        .map((f) => f.key)
        .slice(4);
    expect(keys('coin')).toEqual(['protocol_code', 'address']);
    expect(keys('wire')).toEqual([
      'bank_name',
      'bank_swift',
      'payee_name',
      'payee_account',
      'bank_address',
      'bank_remark',
    ]);
    expect(keys('card')).toEqual(['provider_name', 'provider_url', 'instructions,en', 'instructions']);
    expect(channelForm(t, 'wire', null).title).toBe('New bank account');
  });

  it('a new coin channel sends every payee field, the others empty, trimmed', () => {
    const form = channelForm(t, 'coin', null);
    const sent = crudPayload(
      form,
      { ...form.initial, currency_code: ' USDT ', protocol_code: 'TRC20 ', address: ' TXabc ' },
      undefined,
    );
    expect(sent).toEqual({
      kind: 'coin',
      currency_code: 'USDT',
      usd_rate: '1',
      enabled: 1,
      sort: 0,
      ...EMPTY,
      protocol_code: 'TRC20',
      address: 'TXabc',
    });
    expect(adminSaveChannelEndpoint.input.safeParse(sent).success).toBe(true);
  });

  it('a card channel sends its instructions: English always, other languages when written', () => {
    const form = channelForm(t, 'card', card);
    expect(form.title).toBe('Edit channel #9');
    expect(form.fieldErrors).toBe(true);
    const sent = crudPayload(
      form,
      { ...form.initial, instructions: { en: ' Pay by card ', fr: ' ', de: 'Mit Karte zahlen ' } },
      card.id,
    );
    expect(sent).toMatchObject({
      id: 9,
      kind: 'card',
      instructions: { en: 'Pay by card', de: 'Mit Karte zahlen' },
    });
    expect(sent.instructions).not.toHaveProperty('fr');
  });

  it('only a card channel sends instructions', () => {
    const form = channelForm(t, 'wire', null);
    expect(crudPayload(form, { ...form.initial, currency_code: 'EUR' }, undefined)).not.toHaveProperty(
      'instructions',
    );
  });
});
