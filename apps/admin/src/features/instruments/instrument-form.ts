import type {
  AdminInstrument,
  adminSaveInstrumentEndpoint,
  AssetClass,
  EndpointInput,
} from '@pipwise/shared';
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { sortField, switchField } from '@/components/crud/fields';
import type { CrudForm, Option } from '@/components/crud/types';
import { isOn, toFlag } from '@/lib/codes';
import { check, decimal } from '@/lib/rules';
import { isDecimal, isMultipleOf, leverageListProblem } from '@/lib/validate';
import { assetClassOptions } from './asset-class';
import { executionFields, executionInitial, executionInput, type ExecutionValues } from './execution-fields';
import { swapFields, swapInitial, swapInput, type SwapValues } from './swap-fields';

export interface InstrumentValues extends ExecutionValues, SwapValues {
  category_id: number;
  spread_points: number;
  /** The quote age limit in seconds (sent in ms). */
  max_quote_age_s: number;
  leverages: string;
  /** Empty: the class its market gives it. */
  asset_class: '' | AssetClass;
  fee_rate: string;
  min_lots: string;
  lot_step: string;
  enabled: boolean;
  sort: number;
}

export const INSTRUMENTS_STALE = ['/api/admin/instruments/', '/api/admin/categories/'];

/** Lots above 0 and up to 1,000 with at most 4 decimals (the engine counts 1/10,000 lot). */
const isLots = (v: string) => isDecimal(v, 4) && Number(v) > 0 && Number(v) <= 1000;

/** The minimum: lots, and a whole number of lot steps when the step itself is valid. */
function minLotsRule(t: TFunction): FormRule {
  return ({ getFieldValue }) => ({
    validator: (_, v: string | undefined) => {
      if (!v) return Promise.resolve();
      if (!isLots(v)) return Promise.reject(new Error(t('admin_app.instruments.lots_invalid')));
      const step = String(getFieldValue('lot_step') ?? '');
      if (isDecimal(step, 4) && Number(step) > 0 && !isMultipleOf(v, step))
        return Promise.reject(new Error(t('admin_app.instruments.min_lots_multiple')));
      return Promise.resolve();
    },
  });
}

/**
 * Edits one instrument; saved, it takes effect in the next quote on every server (swap terms
 * from the next rollover). A refusal naming a field (a provider symbol already taken, a swap
 * rate beyond its unit's bound) shows under it.
 */
export function instrumentForm(
  t: TFunction,
  instrument: AdminInstrument,
  categories: Option<number>[],
): CrudForm<InstrumentValues, Omit<EndpointInput<typeof adminSaveInstrumentEndpoint>, 'id'>> {
  const point = (10 ** -instrument.precision).toFixed(instrument.precision);
  return {
    title: t('admin_app.instruments.edit_title', { code: instrument.show_code }),
    width: 720,
    okTestId: 'instrument-save',
    fieldErrors: true,
    notice:
      instrument.live_orders > 0
        ? {
            type: 'warning',
            text: t('admin_app.instruments.live_warning', { count: instrument.live_orders }),
          }
        : null,
    initial: {
      category_id: instrument.category_id,
      spread_points: instrument.spread_points,
      max_quote_age_s: instrument.max_quote_age_ms / 1000,
      leverages: instrument.leverages.join(', '),
      asset_class: instrument.asset_class_set,
      fee_rate: instrument.fee_rate,
      min_lots: instrument.min_lots,
      lot_step: instrument.lot_step,
      enabled: isOn(instrument.enabled),
      sort: instrument.sort,
      ...executionInitial(instrument),
      ...swapInitial(instrument),
    },
    fields: (values) => [
      {
        key: 'category_id',
        name: 'category_id',
        label: t('admin_app.instruments.category'),
        span: 12,
        required: 'value',
        input: { kind: 'select', options: categories },
      },
      {
        key: 'precision',
        label: t('admin_app.instruments.precision'),
        extra: t('admin_app.instruments.precision_help'),
        span: 12,
        input: { kind: 'readonly', value: String(instrument.precision) },
      },
      {
        key: 'spread_points',
        name: 'spread_points',
        label: t('admin_app.instruments.spread'),
        extra: t('admin_app.instruments.spread_help', { point }),
        span: 12,
        required: 'value',
        input: { kind: 'number', min: 0, max: 1_000_000, precision: 0, testId: 'instrument-spread' },
      },
      {
        key: 'leverages',
        name: 'leverages',
        label: t('admin_app.instruments.leverages'),
        extra: t('admin_app.instruments.leverages_help'),
        span: 12,
        required: 'value',
        rules: [
          {
            validator: (_, v: string | undefined) => {
              const problem = v ? leverageListProblem(v) : null;
              return problem
                ? Promise.reject(new Error(t(`admin_app.instruments.leverages_${problem}`)))
                : Promise.resolve();
            },
          },
        ],
        input: { kind: 'text', placeholder: '1, 10, 50, 100' },
      },
      {
        key: 'asset_class',
        name: 'asset_class',
        label: t('admin_groups.asset_class'),
        extra: t('admin_groups.asset_class_help'),
        input: {
          kind: 'select',
          options: assetClassOptions(t, instrument),
          testId: 'instrument-asset-class',
        },
      },
      {
        key: 'fee_rate',
        name: 'fee_rate',
        label: t('admin_app.instruments.fee_rate'),
        extra: t('admin_app.instruments.fee_rate_help'),
        span: 12,
        required: 'value',
        rules: [decimal(t, 8)],
        input: { kind: 'text', decimal: true },
      },
      {
        key: 'max_quote_age_s',
        name: 'max_quote_age_s',
        label: t('admin_app.instruments.max_quote_age'),
        extra: t('admin_app.instruments.max_quote_age_help'),
        span: 12,
        required: 'value',
        input: {
          kind: 'number',
          min: 1,
          max: 600,
          precision: 1,
          step: 1,
          testId: 'instrument-max-quote-age',
        },
      },
      sortField(t, { span: 12, extra: t('admin_app.common.sort_help') }),
      {
        key: 'min_lots',
        name: 'min_lots',
        label: t('admin_app.instruments.min_lots'),
        span: 12,
        required: 'value',
        dependencies: ['lot_step'],
        rules: [minLotsRule(t)],
        input: { kind: 'text', decimal: true },
      },
      {
        key: 'lot_step',
        name: 'lot_step',
        label: t('admin_app.instruments.lot_step'),
        span: 12,
        required: 'value',
        rules: [check<string | undefined>((v) => !v || isLots(v), t('admin_app.instruments.lots_invalid'))],
        input: { kind: 'text', decimal: true },
      },
      switchField('enabled', t('admin_app.instruments.open_for_trading'), {
        extra: t('admin_app.instruments.enabled_help'),
      }),
      ...executionFields(t, instrument),
      ...swapFields(t, instrument, values),
    ],
    toInput: (v) => ({
      category_id: v.category_id,
      spread_points: v.spread_points,
      max_quote_age_ms: Math.round(v.max_quote_age_s * 1000),
      leverages: v.leverages.trim(),
      asset_class: v.asset_class,
      fee_rate: v.fee_rate.trim(),
      min_lots: v.min_lots.trim(),
      lot_step: v.lot_step.trim(),
      enabled: toFlag(v.enabled),
      sort: v.sort,
      ...executionInput(v),
      ...swapInput(v),
    }),
  };
}
