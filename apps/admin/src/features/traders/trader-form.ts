import type {
  adminSaveTraderEndpoint,
  adminTradersEndpoint,
  EndpointInput,
  EndpointOutput,
} from '@pipwise/shared';
import type { TFunction } from 'i18next';
import { sortField, switchField } from '@/components/crud/fields';
import { text } from '@/components/crud/payload';
import type { CrudForm, FieldDecl } from '@/components/crud/types';
import { toFlag } from '@/lib/codes';
import { check, imageAddress } from '@/lib/rules';
import { isDecimal } from '@/lib/validate';

export type Trader = EndpointOutput<typeof adminTradersEndpoint>[number];

export interface TraderValues {
  user: string;
  avatar?: string;
  code: string;
  multiple: number;
  three_week_rate: string;
  three_week_win: string;
  three_week_profit: string;
  total_rate: string;
  total_trade_num: number;
  sort: number;
  enabled: boolean;
}

export const TRADERS_STALE = ['/api/admin/traders/'];

/** A number with at most 2 decimals within ±max (only 0…max when it cannot be negative). */
export function isFigure(value: string | undefined, max: number, nonNegative = false): boolean {
  if (value === undefined || value === '') return true;
  const body = value.startsWith('-') && !nonNegative ? value.slice(1) : value;
  return isDecimal(body, 2) && Math.abs(Number(value)) <= max;
}

type Figure = 'three_week_rate' | 'three_week_win' | 'three_week_profit' | 'total_rate';

/** A figure of the ranking: its bound, and `%` or `$` beside it. */
function figure(t: TFunction, name: Figure, max: number, unit: '%' | '$', nonNegative = false): FieldDecl {
  return {
    key: name,
    name,
    label: t(`content.${name}`),
    span: 8,
    required: 'value',
    rules: [
      check<string | undefined>((v) => isFigure(v, max, nonNegative), t('admin_app.traders.number_invalid')),
    ],
    input: { kind: 'text', decimal: true, ...(unit === '%' ? { suffix: '%' } : { prefix: '$' }) },
  };
}

/** A follow trader of the ranking, new (`null`) or as it is. */
export function traderForm(
  t: TFunction,
  trader: Trader | null,
): CrudForm<TraderValues, Omit<EndpointInput<typeof adminSaveTraderEndpoint>, 'id'>> {
  return {
    title: trader ? t('admin_app.traders.edit_title', { name: trader.user }) : t('admin_app.traders.new'),
    width: 760,
    initial: trader
      ? {
          ...trader,
          three_week_rate: String(trader.three_week_rate),
          three_week_win: String(trader.three_week_win),
          three_week_profit: String(trader.three_week_profit),
          total_rate: String(trader.total_rate),
        }
      : {
          user: '',
          code: '',
          multiple: 1,
          sort: 0,
          enabled: true,
          total_trade_num: 0,
          three_week_rate: '0',
          three_week_win: '0',
          three_week_profit: '0',
          total_rate: '0',
        },
    fields: () => [
      {
        key: 'user',
        name: 'user',
        label: t('admin_app.traders.name'),
        span: 12,
        required: 'text',
        input: { kind: 'text', maxLength: 60 },
      },
      {
        key: 'code',
        name: 'code',
        label: t('admin_app.traders.code'),
        span: 12,
        required: 'text',
        input: { kind: 'text', maxLength: 32 },
      },
      {
        key: 'avatar',
        name: 'avatar',
        label: t('admin_app.traders.avatar'),
        extra: t('admin_app.common.image_address_help'),
        rules: [imageAddress(t)],
        input: { kind: 'text', dir: 'ltr', placeholder: 'https://… /static/…' },
      },
      {
        key: 'multiple',
        name: 'multiple',
        label: t('admin_app.traders.multiple'),
        span: 8,
        required: 'value',
        input: { kind: 'number', min: 1, max: 10_000, precision: 0 },
      },
      figure(t, 'three_week_rate', 1_000_000, '%'),
      figure(t, 'three_week_win', 100, '%', true),
      figure(t, 'three_week_profit', 1_000_000_000, '$'),
      figure(t, 'total_rate', 1_000_000, '%'),
      {
        key: 'total_trade_num',
        name: 'total_trade_num',
        label: t('content.total_trade_num'),
        span: 8,
        required: 'value',
        input: { kind: 'number', min: 0, max: 100_000_000, precision: 0 },
      },
      sortField(t, { span: 8, extra: t('admin_app.common.sort_help') }),
      switchField('enabled', t('admin_app.traders.shown'), { span: 8 }),
    ],
    toInput: (v) => ({
      user: v.user.trim(),
      avatar: text(v.avatar),
      code: v.code.trim(),
      multiple: v.multiple,
      three_week_rate: v.three_week_rate,
      three_week_win: v.three_week_win,
      three_week_profit: v.three_week_profit,
      total_rate: v.total_rate,
      total_trade_num: v.total_trade_num,
      sort: v.sort,
      enabled: toFlag(v.enabled),
    }),
  };
}
