import {
  DrawType,
  type AdminCurrency,
  type adminSaveCurrencyEndpoint,
  type EndpointInput,
} from '@pipwise/shared';
import type { TFunction } from 'i18next';
import { choiceField, sortField, switchField } from '@/components/crud/fields';
import type { CrudForm } from '@/components/crud/types';
import { text } from '@/components/crud/payload';
import { isOn, toFlag, WithdrawFeeType, type ValueOf, type WithdrawFeeTypeValue } from '@/lib/codes';
import { codeOptions, DRAW_TYPE } from '@/lib/labels';
import { check, currencyCode, decimal } from '@/lib/rules';

type DrawTypeValue = ValueOf<typeof DrawType>;

export interface CurrencyValues {
  type: DrawTypeValue;
  code: string;
  protocol?: string;
  fee_type: WithdrawFeeTypeValue;
  draw_rate: string;
  usd_price: string;
  minimum: string;
  has_channel: boolean;
  enabled: boolean;
  sort: number;
}

export const CURRENCIES_STALE = ['/api/admin/currencies/'];

/** The fee as the list shows it: "$2.5" fixed, "1.50 %" of the amount. */
export const feeText = (c: Pick<AdminCurrency, 'fee_type' | 'draw_rate'>): string =>
  c.fee_type === WithdrawFeeType.Fixed ? `$${c.draw_rate}` : `${(Number(c.draw_rate) * 100).toFixed(2)} %`;

/** A withdraw currency, new (`null`) or as it is: its type is fixed once created. */
export function currencyForm(
  t: TFunction,
  currency: AdminCurrency | null,
): CrudForm<CurrencyValues, Omit<EndpointInput<typeof adminSaveCurrencyEndpoint>, 'id'>> {
  return {
    title: currency
      ? t('admin_app.currencies.edit_title', { code: currency.code })
      : t('admin_app.currencies.new'),
    width: 720,
    initial: currency
      ? {
          ...currency,
          type: currency.type as DrawTypeValue,
          fee_type: currency.fee_type as WithdrawFeeTypeValue,
          has_channel: isOn(currency.has_channel),
          enabled: isOn(currency.enabled),
        }
      : {
          type: DrawType.Coin,
          code: '',
          fee_type: WithdrawFeeType.Fixed,
          draw_rate: '0',
          usd_price: '1',
          minimum: '10',
          has_channel: true,
          enabled: true,
          sort: 0,
        },
    fields: (v) => {
      const coin = v.type === DrawType.Coin;
      const rate = v.fee_type === WithdrawFeeType.Rate;
      const decimals8 = decimal(t, 8);
      return [
        choiceField('type', t('admin_app.currencies.type'), {
          extra: currency ? t('admin_app.currencies.type_fixed') : undefined,
          span: 12,
          radio: codeOptions(t, DRAW_TYPE),
          disabled: !!currency,
        }),
        sortField(t, { span: 6 }),
        switchField('enabled', t('admin_app.common.enabled'), { span: 6 }),
        {
          key: 'code',
          name: 'code',
          label: t('admin_app.currencies.code'),
          span: 12,
          required: 'value',
          rules: [currencyCode(t)],
          input: { kind: 'text', maxLength: 12 },
        },
        {
          key: 'protocol',
          name: 'protocol',
          label: t('admin_app.channels.network'),
          extra: coin ? t('admin_app.currencies.protocol_help') : undefined,
          span: 12,
          required: coin ? 'value' : undefined,
          input: { kind: 'text', maxLength: 16, disabled: !coin },
        },
        choiceField('fee_type', t('admin_app.currencies.fee_type'), {
          span: 12,
          radio: [
            { value: WithdrawFeeType.Fixed, label: t('admin_app.currencies.fee_fixed') },
            { value: WithdrawFeeType.Rate, label: t('admin_app.currencies.fee_rate') },
          ],
        }),
        {
          key: 'draw_rate',
          name: 'draw_rate',
          label: rate ? t('admin_app.currencies.fee_rate_value') : t('admin_app.currencies.fee_fixed_value'),
          extra: rate ? t('admin_app.currencies.fee_rate_help') : undefined,
          span: 12,
          required: 'value',
          // A rate is a fraction of the amount: 1 or more would take it all.
          rules: [
            decimals8,
            check<string>((x) => !(rate && Number(x) >= 1), t('admin_app.currencies.fee_rate_help')),
          ],
          input: { kind: 'text', decimal: true },
        },
        {
          key: 'usd_price',
          name: 'usd_price',
          label: t('admin_app.currencies.usd_price'),
          extra: t('admin_app.currencies.usd_price_help'),
          span: 12,
          required: 'value',
          rules: [decimal(t, 8, { positive: true })],
          input: { kind: 'text', decimal: true },
        },
        {
          key: 'minimum',
          name: 'minimum',
          label: t('admin_app.currencies.minimum'),
          span: 12,
          required: 'value',
          rules: [decimal(t, 2)],
          input: { kind: 'text', prefix: '$', decimal: true },
        },
        switchField('has_channel', t('admin_app.currencies.has_channel'), {
          extra: t('admin_app.currencies.has_channel_help'),
        }),
      ];
    },
    toInput: (v) => ({
      type: v.type,
      code: v.code.trim(),
      protocol: text(v.protocol),
      fee_type: v.fee_type,
      draw_rate: v.draw_rate.trim(),
      usd_price: v.usd_price.trim(),
      minimum: v.minimum.trim(),
      has_channel: toFlag(v.has_channel),
      enabled: toFlag(v.enabled),
      sort: v.sort,
    }),
  };
}
