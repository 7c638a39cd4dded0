import {
  ACCOUNT_KINDS,
  COMMISSION_TYPES,
  MAX_COMMISSION_MIN,
  MAX_COMMISSION_RATE,
  type AccountKind,
  type AdminGroup,
  type adminSaveGroupEndpoint,
  type CommissionType,
  type EndpointInput,
} from '@pipwise/shared';
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { choiceField, switchField } from '@/components/crud/fields';
import { text } from '@/components/crud/payload';
import type { CrudForm, FieldDecl } from '@/components/crud/types';
import { isOn, toFlag } from '@/lib/codes';
import { formatNumber } from '@/lib/format';
import { check } from '@/lib/rules';
import { isDecimal } from '@/lib/validate';
import { commissionTypeText, feeRuleText, GROUP_FEE_TYPES, type GroupFeeType } from './group-terms';

export interface GroupValues {
  name: string;
  account_kind: AccountKind;
  is_default: boolean;
  professional: boolean;
  swap_free: boolean;
  trade_fee_type: GroupFeeType;
  /** Percent; both empty: the broker's settings. */
  margin_call_level: string;
  stop_out_level: string;
  commission_type: CommissionType;
  /** Absent while the type is `none` (the fields are not shown then). */
  commission_rate?: string;
  commission_min?: string;
}

type GroupInput = Omit<EndpointInput<typeof adminSaveGroupEndpoint>, 'id'>;

/** A margin level: above 0, at most 1,000, 2 decimals (as the settings' levels). */
const isLevel = (v: string) => isDecimal(v, 2) && Number(v) > 0 && Number(v) <= 1000;

/** USD a side: 0 to `max` with at most 4 decimals. */
export const isCommissionAmount = (v: string, max: number) => isDecimal(v, 4) && Number(v) <= max;

/** A field's text as the form holds it ('' when empty or not text). */
const fieldText = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/** A level: valid on its own, set together with the other, and the stop-out below the margin call. */
function levelRules(t: TFunction, name: 'margin_call_level' | 'stop_out_level'): FormRule[] {
  const other = name === 'margin_call_level' ? 'stop_out_level' : 'margin_call_level';
  const rules: FormRule[] = [
    check<string | undefined>(
      (v) => !fieldText(v) || isLevel(fieldText(v)),
      t('admin_app.settings.level_invalid'),
    ),
    ({ getFieldValue }) =>
      check<string | undefined>(
        (v) => !!fieldText(v) || !fieldText(getFieldValue(other)),
        t('admin_groups.levels_both'),
      ),
  ];
  if (name === 'stop_out_level')
    rules.push(({ getFieldValue }) =>
      check<string | undefined>((v) => {
        const call = fieldText(getFieldValue('margin_call_level'));
        return !fieldText(v) || !call || Number(fieldText(v)) < Number(call);
      }, t('admin_app.settings.levels_order')),
    );
  return rules;
}

/** A commission figure in USD a side (the rate, the minimum). */
export function commissionAmountField(
  t: TFunction,
  name: 'commission_rate' | 'commission_min',
  options: { required: boolean; testPrefix: string },
): FieldDecl {
  const max = name === 'commission_rate' ? MAX_COMMISSION_RATE : MAX_COMMISSION_MIN;
  return {
    key: name,
    name,
    label: t(name === 'commission_rate' ? 'admin_groups.commission_rate' : 'admin_groups.commission_min'),
    extra: name === 'commission_min' ? t('admin_groups.commission_min_help') : undefined,
    md: 12,
    required: options.required ? 'text' : undefined,
    rules: [
      check<string | undefined>(
        (v) => !v?.trim() || isCommissionAmount(v.trim(), max),
        t('admin_groups.amount_invalid', { max: formatNumber(max, 0) }),
      ),
    ],
    input: {
      kind: 'text',
      maxLength: 16,
      decimal: true,
      prefix: '$',
      placeholder: name === 'commission_min' ? '0' : undefined,
      testId: `${options.testPrefix}-${name}`,
    },
  };
}

const level = (t: TFunction, name: 'margin_call_level' | 'stop_out_level'): FieldDecl => ({
  key: name,
  name,
  label: t(name === 'margin_call_level' ? 'admin_groups.margin_call' : 'admin_groups.stop_out'),
  md: 12,
  dependencies: [name === 'margin_call_level' ? 'stop_out_level' : 'margin_call_level'],
  rules: levelRules(t, name),
  input: {
    kind: 'text',
    maxLength: 8,
    decimal: true,
    suffix: '%',
    placeholder: t('admin_groups.levels_broker'),
    testId: `group-${name}`,
  },
});

/**
 * Creates a trading group (`null`) or edits one. A group holding accounts keeps its kind; the
 * default of a kind stays the default until another group is made it. A refusal naming a
 * field (a name already taken, levels) shows under it.
 */
export function groupForm(t: TFunction, group: AdminGroup | null): CrudForm<GroupValues, GroupInput> {
  const charged = (type: CommissionType | undefined) => type !== undefined && type !== 'none';
  return {
    title: group ? t('admin_groups.edit_title', { name: group.name }) : t('admin_groups.new'),
    width: 720,
    okTestId: 'group-save',
    fieldErrors: true,
    notice: group ? { type: 'info', text: t('admin_groups.edit_notice', { count: group.accounts }) } : null,
    initial: {
      name: group?.name ?? '',
      account_kind: group?.account_kind ?? 'real',
      is_default: isOn(group?.is_default),
      professional: isOn(group?.professional),
      swap_free: isOn(group?.swap_free),
      trade_fee_type: (group?.trade_fee_type ?? 0) as GroupFeeType,
      margin_call_level: group?.margin_call_level ?? '',
      stop_out_level: group?.stop_out_level ?? '',
      commission_type: group?.commission_type ?? 'none',
      commission_rate: group && group.commission_type !== 'none' ? group.commission_rate : '',
      commission_min: group && group.commission_type !== 'none' ? group.commission_min : '0',
    },
    fields: (values) => {
      const kindLocked = (group?.accounts ?? 0) > 0;
      const defaultLocked = isOn(group?.is_default);
      return [
        {
          key: 'name',
          name: 'name',
          label: t('admin_groups.name'),
          md: 12,
          required: 'text',
          input: { kind: 'text', maxLength: 60, testId: 'group-name' },
        },
        choiceField('account_kind', t('admin_app.users.account_type'), {
          md: 12,
          extra: kindLocked ? t('admin_groups.kind_locked') : undefined,
          radio: ACCOUNT_KINDS.map((k) => ({
            value: k,
            label: t(k === 'real' ? 'admin_app.users.real' : 'admin_app.users.demo'),
          })),
          disabled: kindLocked,
        }),
        switchField('is_default', t('admin_groups.default'), {
          md: 8,
          extra: t(defaultLocked ? 'admin_groups.default_locked' : 'admin_groups.default_help'),
          disabled: defaultLocked,
        }),
        switchField('professional', t('admin_groups.professional'), {
          md: 8,
          extra: t('admin_groups.professional_help'),
        }),
        switchField('swap_free', t('admin_groups.swap_free'), {
          md: 8,
          extra: t('admin_groups.swap_free_help'),
        }),
        {
          key: 'terms_group',
          label: t('admin_groups.terms'),
          extra: t('admin_groups.terms_help'),
          input: { kind: 'group' },
        },
        choiceField('trade_fee_type', t('admin_groups.fee_rule'), {
          extra: t('admin_groups.fee_rule_help'),
          select: GROUP_FEE_TYPES.map((v) => ({ value: v, label: feeRuleText(t, v) })),
        }),
        level(t, 'margin_call_level'),
        level(t, 'stop_out_level'),
        {
          key: 'commission_group',
          label: t('admin_groups.commission'),
          extra: t('admin_groups.commission_help'),
          input: { kind: 'group' },
        },
        {
          key: 'commission_type',
          name: 'commission_type',
          label: t('admin_groups.commission_type'),
          input: {
            kind: 'select',
            options: COMMISSION_TYPES.map((c) => ({ value: c, label: commissionTypeText(t, c) })),
            testId: 'group-commission_type',
          },
        },
        ...(charged(values.commission_type)
          ? [
              commissionAmountField(t, 'commission_rate', { required: true, testPrefix: 'group' }),
              commissionAmountField(t, 'commission_min', { required: false, testPrefix: 'group' }),
            ]
          : []),
      ];
    },
    toInput: (v) => {
      const charges = charged(v.commission_type);
      return {
        name: v.name.trim(),
        account_kind: v.account_kind,
        is_default: toFlag(v.is_default),
        professional: toFlag(v.professional),
        swap_free: toFlag(v.swap_free),
        trade_fee_type: v.trade_fee_type,
        margin_call_level: v.margin_call_level.trim(),
        stop_out_level: v.stop_out_level.trim(),
        commission_type: v.commission_type,
        commission_rate: charges ? text(v.commission_rate) : '0',
        commission_min: charges ? text(v.commission_min) || '0' : '0',
      };
    },
  };
}
