import type { AdminChannel, adminSaveChannelEndpoint, CHANNEL_KINDS, EndpointInput } from '@pipwise/shared';
import type { TFunction } from 'i18next';
import { sortField, switchField } from '@/components/crud/fields';
import { text } from '@/components/crud/payload';
import type { CrudForm, FieldDecl } from '@/components/crud/types';
import { isOn, toFlag } from '@/lib/codes';
import { languageTexts } from '@/lib/language-texts';
import { currencyCode, decimal } from '@/lib/rules';

export type ChannelKind = (typeof CHANNEL_KINDS)[number];

/** Where a channel's trader pays: a field of one kind or another, all sent (empty when not that kind). */
const PAYEE_FIELDS = [
  'protocol_code',
  'address',
  'bank_name',
  'bank_address',
  'bank_swift',
  'payee_name',
  'payee_account',
  'bank_remark',
  'provider_name',
  'provider_url',
] as const;

type PayeeField = (typeof PAYEE_FIELDS)[number];

export type ChannelValues = Partial<Record<PayeeField, string>> & {
  currency_code: string;
  instructions?: Record<string, string | undefined>;
  usd_rate: string;
  enabled: boolean;
  sort: number;
};

export const CHANNELS_STALE = ['/api/admin/channels/'];

type Field = Omit<FieldDecl, 'key'> & { name: PayeeField | ['instructions', string] };
const field = (f: Field): FieldDecl => ({ key: String(f.name), ...f });

/** The fields only a kind of channel has: the network and address, the bank, the provider. */
function kindFields(t: TFunction, kind: ChannelKind): FieldDecl[] {
  const input = (maxLength: number, ltr = false) => ({
    kind: 'text' as const,
    maxLength,
    dir: ltr ? ('ltr' as const) : undefined,
  });
  switch (kind) {
    case 'coin':
      return [
        field({
          name: 'protocol_code',
          label: t('admin_app.channels.network'),
          extra: t('admin_app.channels.network_help'),
          span: 8,
          required: 'text',
          input: { ...input(16, true), placeholder: 'TRC20' },
        }),
        field({
          name: 'address',
          label: t('admin_app.channels.address'),
          extra: t('admin_app.channels.address_help'),
          span: 16,
          required: 'text',
          input: { ...input(128, true), spellCheck: false },
        }),
      ];
    case 'wire':
      return [
        field({
          name: 'bank_name',
          label: t('admin_app.channels.bank_name'),
          span: 12,
          required: 'text',
          input: input(100),
        }),
        field({
          name: 'bank_swift',
          label: t('admin_app.channels.bank_swift'),
          span: 12,
          input: input(11, true),
        }),
        field({
          name: 'payee_name',
          label: t('admin_app.channels.payee_name'),
          span: 12,
          required: 'text',
          input: input(100),
        }),
        field({
          name: 'payee_account',
          label: t('admin_app.channels.payee_account'),
          span: 12,
          required: 'text',
          input: input(64, true),
        }),
        field({ name: 'bank_address', label: t('admin_app.channels.bank_address'), input: input(200) }),
        field({ name: 'bank_remark', label: t('admin_app.channels.bank_remark'), input: input(200) }),
      ];
    case 'card':
      return [
        field({
          name: 'provider_name',
          label: t('admin_app.channels.provider_name'),
          span: 12,
          required: 'text',
          input: input(100),
        }),
        field({
          name: 'provider_url',
          label: t('admin_app.channels.provider_url'),
          span: 12,
          rules: [{ pattern: /^https:\/\/\S+$/, message: t('admin_app.channels.https_only') }],
          input: { ...input(300, true), placeholder: 'https://' },
        }),
        field({
          name: ['instructions', 'en'],
          label: t('admin_app.channels.instructions_en'),
          required: 'text',
          input: { kind: 'textarea', rows: 3, maxLength: 2000 },
        }),
        {
          key: 'instructions',
          name: 'instructions',
          input: {
            kind: 'languages',
            label: t('admin_app.categories.other_languages'),
            columns: 1,
            control: { kind: 'textarea', rows: 2, maxLength: 2000 },
          },
        },
      ];
  }
}

/**
 * A deposit channel of one kind, new (`null`) or as it is. The server checks an address for
 * its network: a refusal naming a field is shown under it.
 */
export function channelForm(
  t: TFunction,
  kind: ChannelKind,
  channel: AdminChannel | null,
): CrudForm<ChannelValues, Omit<EndpointInput<typeof adminSaveChannelEndpoint>, 'id'>> {
  return {
    title: channel
      ? t('admin_app.channels.edit_title', { id: channel.id })
      : t(`admin_app.channels.new_${kind}`),
    width: 760,
    fieldErrors: true,
    initial: channel
      ? { ...channel, enabled: isOn(channel.enabled), instructions: channel.instructions }
      : { currency_code: '', enabled: true, sort: 0, usd_rate: '1', instructions: {} },
    fields: () => [
      {
        key: 'currency_code',
        name: 'currency_code',
        label: t('admin_app.channels.currency'),
        span: 8,
        required: 'text',
        rules: [currencyCode(t)],
        input: { kind: 'text', dir: 'ltr', maxLength: 12, placeholder: 'USDT' },
      },
      {
        key: 'usd_rate',
        name: 'usd_rate',
        label: t('admin_app.channels.usd_rate'),
        extra: t('admin_app.channels.usd_rate_help'),
        span: 8,
        required: 'text',
        rules: [decimal(t, 8, { positive: true })],
        input: { kind: 'text', dir: 'ltr', decimal: true },
      },
      sortField(t, { span: 4 }),
      switchField('enabled', t('admin_app.common.enabled'), { span: 4 }),
      ...kindFields(t, kind),
    ],
    toInput: (v) => ({
      kind,
      currency_code: v.currency_code.trim(),
      usd_rate: v.usd_rate.trim(),
      enabled: toFlag(v.enabled),
      sort: v.sort,
      ...Object.fromEntries(PAYEE_FIELDS.map((name) => [name, text(v[name])])),
      ...(kind === 'card' ? { instructions: languageTexts(v.instructions) } : {}),
    }),
  };
}
