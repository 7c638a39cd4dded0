import {
  EXECUTION_MODES,
  MAX_MARKUP_POINTS,
  MAX_SLIPPAGE_POINTS,
  type AdminInstrument,
  type ExecutionMode,
} from '@pipwise/shared';
import type { TFunction } from 'i18next';
import type { FieldDecl } from '@/components/crud/types';

/**
 * An instrument's execution settings (docs/execution.md) as the form holds them: where its
 * orders go, the markup on the provider's quote, the slippage an A-book order accepts and
 * the provider's symbol for it.
 */
export interface ExecutionValues {
  execution_mode: ExecutionMode;
  markup_points: number;
  max_slippage_points: number;
  /** Empty: the default symbol. */
  provider_symbol: string;
}

/** "B-book: filled in-house" / "A-book: sent to the liquidity provider". */
export const executionModeText = (t: TFunction, mode: ExecutionMode): string =>
  t(mode === 'a_book' ? 'admin_execution.mode_a_book' : 'admin_execution.mode_b_book');

export const executionInitial = (i: AdminInstrument): ExecutionValues => ({
  execution_mode: i.execution_mode,
  markup_points: i.markup_points,
  max_slippage_points: i.max_slippage_points,
  provider_symbol: i.provider_symbol ?? '',
});

/** Points are whole numbers within the contract's bounds; full width on a phone. */
const points = (key: 'markup_points' | 'max_slippage_points', label: string, extra: string, max: number) =>
  ({
    key,
    name: key,
    label,
    extra,
    md: 12,
    required: 'value',
    input: { kind: 'number', min: 0, max, precision: 0, testId: `instrument-${key}` },
  }) satisfies FieldDecl;

/** The "Execution" group of the instrument form. */
export function executionFields(t: TFunction, instrument: AdminInstrument): FieldDecl[] {
  return [
    { key: 'execution_group', label: t('admin_execution.group'), input: { kind: 'group' } },
    {
      key: 'execution_mode',
      name: 'execution_mode',
      label: t('admin_execution.mode'),
      extra: t('admin_execution.mode_help'),
      md: 12,
      required: 'value',
      input: {
        kind: 'select',
        options: EXECUTION_MODES.map((m) => ({ value: m, label: executionModeText(t, m) })),
      },
    },
    {
      key: 'provider_symbol',
      name: 'provider_symbol',
      label: t('admin_execution.provider_symbol'),
      extra: t('admin_execution.provider_symbol_help', { symbol: instrument.default_provider_symbol }),
      md: 12,
      // The characters a symbol may hold are the server's rule: it answers under this field.
      input: {
        kind: 'text',
        maxLength: 32,
        dir: 'ltr',
        spellCheck: false,
        placeholder: instrument.default_provider_symbol,
        testId: 'instrument-provider-symbol',
      },
    },
    points('markup_points', t('admin_execution.markup'), t('admin_execution.markup_help'), MAX_MARKUP_POINTS),
    points(
      'max_slippage_points',
      t('admin_execution.max_slippage'),
      t('admin_execution.max_slippage_help'),
      MAX_SLIPPAGE_POINTS,
    ),
  ];
}

/** What is sent: an empty symbol is null, the default. */
export const executionInput = (v: ExecutionValues) => ({
  execution_mode: v.execution_mode,
  markup_points: v.markup_points,
  max_slippage_points: v.max_slippage_points,
  provider_symbol: v.provider_symbol.trim() || null,
});
