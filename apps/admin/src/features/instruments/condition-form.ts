import {
  COMMISSION_TYPES,
  MAX_MARKUP_POINTS,
  type AdminGroup,
  type AdminGroupCondition,
  type adminSaveGroupConditionEndpoint,
  type CommissionType,
  type EndpointInput,
} from '@pipwise/shared';
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { text } from '@/components/crud/payload';
import type { CrudForm, FieldDecl, Option } from '@/components/crud/types';
import { decimal } from '@/lib/rules';
import { leverageListProblem } from '@/lib/validate';
import { commissionAmountField } from './group-form';
import { commissionTypeText, conditionTarget, groupCommissionText, type CatalogueNames } from './group-terms';

export type ConditionTargetKind = 'category' | 'instrument';

export interface ConditionValues {
  /** What a new condition applies to (fixed once it exists: edited, it keeps its target). */
  target: ConditionTargetKind;
  category_id?: number;
  instrument_id?: number;
  /** Each empty: what is above applies. */
  leverages: string;
  fee_rate: string;
  /** Points on top of the instrument's markup; empty (null) keeps what is above. */
  markup_points?: number | null;
  /** '' keeps the group's commission. */
  commission_type: '' | CommissionType;
  commission_rate?: string;
  commission_min?: string;
}

type ConditionInput = EndpointInput<typeof adminSaveGroupConditionEndpoint>;

/** What the form offers to apply a new condition to: the catalogue, less what already has one. */
export interface ConditionTargets {
  categories: Option<number>[];
  instruments: Option<number>[];
  names: CatalogueNames;
}

const charged = (type: '' | CommissionType | undefined) => type === 'per_lot' || type === 'per_million';

/** At least one term set: a condition that keeps everything is a deleted one. */
function someTermRule(t: TFunction): FormRule {
  return ({ getFieldValue }) => ({
    validator: (_, v: string | undefined) => {
      const set = (name: string) => String(getFieldValue(name) ?? '').trim() !== '';
      return v?.trim() || set('fee_rate') || set('markup_points') || set('commission_type')
        ? Promise.resolve()
        : Promise.reject(new Error(t('admin_groups.condition_empty')));
    },
  });
}

/**
 * Sets a group's condition for one category or one instrument (new: `condition` null), over
 * the group's own terms: leverages, the fee rate, the markup and the commission, each left empty to keep
 * what is above. Saved, it replaces the condition the target had. A refusal naming a field
 * shows under it.
 */
export function conditionForm(
  t: TFunction,
  group: AdminGroup,
  condition: AdminGroupCondition | null,
  targets: ConditionTargets,
): CrudForm<ConditionValues, ConditionInput> {
  const existing = condition ? conditionTarget(t, condition, targets.names) : null;
  const kindOptions: Option<ConditionTargetKind>[] = [
    { value: 'category', label: t('admin_groups.target_category') },
    { value: 'instrument', label: t('admin_groups.target_instrument') },
  ];
  return {
    title: existing
      ? t('admin_groups.condition_edit', { target: existing.name, group: group.name })
      : t('admin_groups.condition_new', { group: group.name }),
    width: 720,
    okTestId: 'condition-save',
    fieldErrors: true,
    intro: t('admin_groups.conditions_intro'),
    initial: {
      target: existing?.kind ?? 'category',
      category_id: condition?.category_id ?? undefined,
      instrument_id: condition?.instrument_id ?? undefined,
      leverages: condition?.leverages?.join(', ') ?? '',
      fee_rate: condition?.fee_rate ?? '',
      markup_points: condition?.markup_points ?? null,
      commission_type: condition?.commission_type ?? '',
      commission_rate: condition?.commission_type === 'none' ? '' : (condition?.commission_rate ?? ''),
      commission_min: condition?.commission_type === 'none' ? '0' : (condition?.commission_min ?? '0'),
    },
    fields: (values) => {
      const kind = values.target ?? 'category';
      const target: FieldDecl[] = existing
        ? [
            {
              key: 'target_name',
              label: existing.kindText,
              input: { kind: 'readonly', value: existing.name },
            },
          ]
        : [
            {
              key: 'target',
              name: 'target',
              label: t('admin_groups.applies_to'),
              md: 10,
              input: { kind: 'radio', options: kindOptions },
            },
            kind === 'category'
              ? {
                  key: 'category_id',
                  name: 'category_id',
                  label: t('admin_groups.target_category'),
                  md: 14,
                  required: 'value',
                  input: { kind: 'select', options: targets.categories, testId: 'condition-category' },
                }
              : {
                  key: 'instrument_id',
                  name: 'instrument_id',
                  label: t('admin_groups.target_instrument'),
                  md: 14,
                  required: 'value',
                  input: {
                    kind: 'select',
                    options: targets.instruments,
                    search: true,
                    testId: 'condition-instrument',
                  },
                },
          ];
      return [
        ...target,
        {
          key: 'leverages',
          name: 'leverages',
          label: t('admin_app.instruments.leverages'),
          extra: t('admin_groups.leverages_help'),
          md: 12,
          dependencies: ['fee_rate', 'markup_points', 'commission_type'],
          rules: [
            {
              validator: (_, v: string | undefined) => {
                const problem = v?.trim() ? leverageListProblem(v) : null;
                return problem
                  ? Promise.reject(new Error(t(`admin_app.instruments.leverages_${problem}`)))
                  : Promise.resolve();
              },
            },
            someTermRule(t),
          ],
          input: {
            kind: 'text',
            maxLength: 200,
            placeholder: t('admin_groups.inherit'),
            testId: 'condition-leverages',
          },
        },
        {
          key: 'fee_rate',
          name: 'fee_rate',
          label: t('admin_app.instruments.fee_rate'),
          extra: t('admin_groups.fee_rate_help'),
          md: 12,
          rules: [decimal(t, 8)],
          input: {
            kind: 'text',
            maxLength: 20,
            decimal: true,
            placeholder: t('admin_groups.inherit'),
            testId: 'condition-fee_rate',
          },
        },
        {
          key: 'markup_points',
          name: 'markup_points',
          label: t('admin_execution.markup'),
          extra: t('admin_groups.markup_help'),
          md: 12,
          input: {
            kind: 'number',
            min: 0,
            max: MAX_MARKUP_POINTS,
            precision: 0,
            placeholder: t('admin_groups.inherit'),
            testId: 'condition-markup_points',
          },
        },
        {
          key: 'commission_type',
          name: 'commission_type',
          label: t('admin_groups.commission'),
          input: {
            kind: 'select',
            options: [
              {
                value: '',
                label: t('admin_groups.commission_group', { summary: groupCommissionText(t, group) }),
              },
              ...COMMISSION_TYPES.map((c) => ({ value: c, label: commissionTypeText(t, c) })),
            ],
            testId: 'condition-commission_type',
          },
        },
        ...(charged(values.commission_type)
          ? [
              commissionAmountField(t, 'commission_rate', { required: true, testPrefix: 'condition' }),
              commissionAmountField(t, 'commission_min', { required: false, testPrefix: 'condition' }),
            ]
          : []),
      ];
    },
    toInput: (v) => {
      const target: Pick<ConditionInput, 'category_id' | 'instrument_id'> = condition
        ? condition.instrument_id !== null
          ? { instrument_id: condition.instrument_id }
          : { category_id: condition.category_id ?? undefined }
        : v.target === 'instrument'
          ? { instrument_id: v.instrument_id }
          : { category_id: v.category_id };
      const leverages = text(v.leverages);
      const feeRate = text(v.fee_rate);
      const type = v.commission_type;
      return {
        group_id: group.id,
        ...target,
        ...(leverages ? { leverages } : {}),
        ...(feeRate ? { fee_rate: feeRate } : {}),
        ...(typeof v.markup_points === 'number' ? { markup_points: v.markup_points } : {}),
        ...(type
          ? {
              commission_type: type,
              commission_rate: charged(type) ? text(v.commission_rate) : '0',
              commission_min: charged(type) ? text(v.commission_min) || '0' : '0',
            }
          : {}),
      };
    },
  };
}
