import {
  SWAP_UNITS,
  TRIPLE_SWAP_DAYS,
  type AdminInstrument,
  type SwapUnit,
  type TripleSwapDay,
} from '@pipwise/shared';
import type { TFunction } from 'i18next';
import type { FieldDecl } from '@/components/crud/types';

/**
 * An instrument's overnight financing (docs/money.md "Overnight financing (swap)") as the
 * form holds it: a long and a short rate, signed (negative: charged to the trader), in
 * `swap_unit`, and the weekday whose rollover counts three nights.
 */
export interface SwapValues {
  swap_long: string;
  swap_short: string;
  swap_unit: SwapUnit;
  swap_triple_day: TripleSwapDay;
}

export const swapInitial = (i: AdminInstrument): SwapValues => ({
  swap_long: i.swap_long,
  swap_short: i.swap_short,
  swap_unit: i.swap_unit,
  swap_triple_day: i.swap_triple_day,
});

/** "points" / "% a year": beside a rate in the form and in the list. */
export const swapUnitText = (t: TFunction, unit: SwapUnit): string =>
  t(unit === 'points' ? 'admin_swap.suffix_points' : 'admin_swap.suffix_percent_per_year');

/** The list's second line: "points · triple Wed". */
export function swapTermsText(
  t: TFunction,
  i: Pick<AdminInstrument, 'swap_unit' | 'swap_triple_day'>,
): string {
  const triple = {
    wednesday: t('admin_swap.list_triple_wednesday'),
    friday: t('admin_swap.list_triple_friday'),
    none: t('admin_swap.list_triple_none'),
  }[i.swap_triple_day];
  return `${swapUnitText(t, i.swap_unit)} · ${triple}`;
}

/**
 * A rate as typed, in the form the contract reads: trimmed, a typographic minus (pasted from
 * a rate sheet) as "-", a leading "+" dropped. Whether it is a number within bounds is the
 * server's answer, shown under the field.
 */
export function rateText(value: string): string {
  const text = value.trim().replace(/^\u2212/, '-');
  return text.startsWith('+') ? text.slice(1) : text;
}

/** A rate: signed text, read left to right in Arabic too; the unit chosen beside it. */
const rate = (key: 'swap_long' | 'swap_short', label: string, unit: string) =>
  ({
    key,
    name: key,
    label,
    md: 12,
    required: 'value',
    // A server refusal under it ("at most 100") is stale once the unit changes.
    dependencies: ['swap_unit'],
    // Plain text, not the decimal keypad: a phone's decimal keypad has no minus sign.
    input: {
      kind: 'text',
      maxLength: 20,
      dir: 'ltr',
      numeric: true,
      spellCheck: false,
      placeholder: '0',
      suffix: unit,
      testId: `instrument-${key}`,
    },
  }) satisfies FieldDecl;

/** The "Overnight financing" group of the instrument form. */
export function swapFields(
  t: TFunction,
  instrument: AdminInstrument,
  values: Partial<SwapValues>,
): FieldDecl[] {
  const unit = swapUnitText(t, values.swap_unit ?? instrument.swap_unit);
  return [
    {
      key: 'swap_group',
      label: t('admin_swap.group'),
      extra: t('admin_swap.group_help'),
      input: { kind: 'group' },
    },
    {
      key: 'swap_unit',
      name: 'swap_unit',
      label: t('admin_swap.unit'),
      md: 12,
      required: 'value',
      input: {
        kind: 'select',
        options: SWAP_UNITS.map((u) => ({
          value: u,
          label: t(u === 'points' ? 'admin_swap.unit_points' : 'admin_swap.unit_percent_per_year'),
        })),
        testId: 'instrument-swap_unit',
      },
    },
    {
      key: 'swap_triple_day',
      name: 'swap_triple_day',
      label: t('admin_swap.triple_day'),
      extra: t('admin_swap.triple_help'),
      md: 12,
      required: 'value',
      input: {
        kind: 'select',
        options: TRIPLE_SWAP_DAYS.map((d) => ({ value: d, label: t(`admin_swap.triple_${d}`) })),
        testId: 'instrument-swap_triple_day',
      },
    },
    rate('swap_long', t('admin_swap.long'), unit),
    rate('swap_short', t('admin_swap.short'), unit),
  ];
}

/** What is sent: the rates as the contract reads them, the unit and the day as chosen. */
export const swapInput = (v: SwapValues) => ({
  swap_long: rateText(v.swap_long),
  swap_short: rateText(v.swap_short),
  swap_unit: v.swap_unit,
  swap_triple_day: v.swap_triple_day,
});
