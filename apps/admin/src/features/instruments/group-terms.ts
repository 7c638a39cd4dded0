import type {
  AdminGroup,
  AdminGroupCondition,
  AdminLeverageCap,
  CommissionType,
  Lang,
} from '@pipwise/shared';
import type { TFunction } from 'i18next';
import { isOn, TradeFeeType } from '@/lib/codes';
import type { TagColor } from '@/lib/labels';

/**
 * How a trading group's terms read (docs/trading-groups.md): its tags, fee rule, margin
 * levels and commission, in the list, the conditions drawer and the forms alike.
 */

/** What a saved group, condition or cap makes stale: every list of groups and conditions. */
export const GROUPS_STALE = ['/api/admin/groups/'];
export const CAPS_STALE = ['/api/admin/leverage_caps'];

/** The group's `trade_fee_type`: 0 the broker's setting, 1 per lot, 2 of the margin. */
export const GROUP_FEE_TYPES = [0, TradeFeeType.PerLot, TradeFeeType.OfMargin] as const;
export type GroupFeeType = (typeof GROUP_FEE_TYPES)[number];

export function feeRuleText(t: TFunction, type: number): string {
  if (type === TradeFeeType.PerLot) return t('admin_app.settings.fee_per_lot');
  if (type === TradeFeeType.OfMargin) return t('admin_app.settings.fee_of_margin');
  return t('admin_groups.fee_broker');
}

/** "100% / 50%" (margin call / stop-out), or the broker's settings when the group sets none. */
export function levelsText(
  t: TFunction,
  g: Pick<AdminGroup, 'margin_call_level' | 'stop_out_level'>,
): string {
  if (!g.margin_call_level || !g.stop_out_level) return t('admin_groups.levels_broker');
  return `${g.margin_call_level}% / ${g.stop_out_level}%`;
}

export function commissionTypeText(t: TFunction, type: CommissionType): string {
  return t(`admin_groups.commission_${type}`);
}

/** A commission's terms, in USD a side: "$3.5 per lot a side, at least $1", or "No commission". */
export function commissionText(
  t: TFunction,
  terms: { type: CommissionType; rate: string; min: string },
): string {
  if (terms.type === 'none') return t('admin_groups.commission_none');
  const summary = t(`admin_groups.summary_${terms.type}`, { rate: terms.rate });
  return Number(terms.min) > 0 ? t('admin_groups.summary_with_min', { summary, min: terms.min }) : summary;
}

/** The group's own commission. */
export const groupCommissionText = (t: TFunction, g: AdminGroup): string =>
  commissionText(t, { type: g.commission_type, rate: g.commission_rate, min: g.commission_min });

export interface GroupTag {
  key: 'kind' | 'default' | 'professional' | 'retail' | 'swap_free';
  text: string;
  color: TagColor | 'cyan';
}

/** The kind of accounts it holds, whether it is the default, professional or retail, swap-free. */
export function groupTags(
  t: TFunction,
  g: Pick<AdminGroup, 'account_kind' | 'is_default' | 'professional' | 'swap_free'>,
): GroupTag[] {
  const real = g.account_kind === 'real';
  return [
    {
      key: 'kind',
      text: t(real ? 'admin_app.users.real' : 'admin_app.users.demo'),
      color: real ? 'blue' : 'default',
    },
    ...(isOn(g.is_default)
      ? [{ key: 'default', text: t('admin_groups.default'), color: 'gold' } as const]
      : []),
    isOn(g.professional)
      ? ({ key: 'professional', text: t('admin_groups.professional'), color: 'purple' } as const)
      : ({ key: 'retail', text: t('admin_groups.retail'), color: 'default' } as const),
    ...(isOn(g.swap_free)
      ? [{ key: 'swap_free', text: t('admin_groups.swap_free'), color: 'cyan' } as const]
      : []),
  ];
}

/**
 * Names of the catalogue by id (categories in the operator's language `lang`, instruments by
 * code), where the operator may read the catalogue; "Category #3" otherwise.
 */
export interface CatalogueNames {
  lang: Lang;
  category: (id: number) => string;
  instrument: (id: number) => string;
}

/**
 * What a condition applies to: "Category" or "Instrument", and its name — the label the
 * server sent with it (the instrument's code, the category's name in the operator's language,
 * else English), so every role reads names; the catalogue's name or the id when it has none
 * (a target gone).
 */
export function conditionTarget(
  t: TFunction,
  c: Pick<AdminGroupCondition, 'category_id' | 'instrument_id' | 'target_code' | 'target_names'>,
  names: CatalogueNames,
): { kind: 'category' | 'instrument'; kindText: string; name: string } {
  if (c.instrument_id !== null)
    return {
      kind: 'instrument',
      kindText: t('admin_groups.target_instrument'),
      name: c.target_code || names.instrument(c.instrument_id),
    };
  return {
    kind: 'category',
    kindText: t('admin_groups.target_category'),
    name: c.target_names?.[names.lang] || c.target_names?.en || names.category(c.category_id ?? 0),
  };
}

/**
 * A condition's terms as the table shows them; null where it keeps what is above (the
 * category's condition, the group's or the instrument's own).
 */
export function conditionTerms(
  t: TFunction,
  c: AdminGroupCondition,
): { leverages: string | null; fee_rate: string | null; markup: string | null; commission: string | null } {
  return {
    leverages: c.leverages ? c.leverages.join(', ') : null,
    fee_rate: c.fee_rate,
    markup: c.markup_points === null ? null : String(c.markup_points),
    commission: c.commission_type
      ? commissionText(t, {
          type: c.commission_type,
          rate: c.commission_rate ?? '0',
          min: c.commission_min ?? '0',
        })
      : null,
  };
}

/** Leverage as traders read it: "1:30", left to right in every language. */
export const leverageText = (x: number): string => `1:${x}`;

/** How a cap compares with ESMA's for its class: above (more leverage), below, or the same (null). */
export function capVersusEsma(
  t: TFunction,
  cap: Pick<AdminLeverageCap, 'cap' | 'esma'>,
): { text: string; color: 'orange' | 'blue' } | null {
  if (cap.cap > cap.esma) return { text: t('admin_groups.above_esma'), color: 'orange' };
  if (cap.cap < cap.esma) return { text: t('admin_groups.below_esma'), color: 'blue' };
  return null;
}

/** Why a group cannot be deleted now (a default, or one holding accounts), or null. */
export function deleteBlock(t: TFunction, group: Pick<AdminGroup, 'is_default' | 'accounts'>): string | null {
  if (isOn(group.is_default)) return t('admin_groups.delete_default');
  if (group.accounts > 0) return t('admin_groups.delete_accounts');
  return null;
}
