import type { TFunction } from 'i18next';
import type { FieldDecl, Option } from './types';

/**
 * Fields several forms declare alike, declared once here: a row's place in its list, an
 * on/off switch, a choice among a few codes of the contract. The form field's name is its
 * key, as everywhere in the kit.
 */

/** Where a field sits in the grid of 24 columns, and the help under it. */
type Placement = Pick<FieldDecl, 'span' | 'md' | 'extra'>;

/** The order of a row in its list (lower first): a whole number, always given. */
export function sortField(t: TFunction, placement: Placement): FieldDecl {
  return {
    key: 'sort',
    name: 'sort',
    label: t('admin_app.common.sort'),
    required: 'value',
    ...placement,
    input: { kind: 'number', min: 0, max: 1_000_000, precision: 0 },
  };
}

/** An on/off value (a row's `enabled`, a settings flag), a boolean while in the form. */
export function switchField(
  name: string,
  label: string,
  { disabled, ...placement }: Placement & { disabled?: boolean } = {},
): FieldDecl {
  return { key: name, name, label, ...placement, input: { kind: 'switch', disabled } };
}

/** The options of a choice and how they are shown: a select, or buttons side by side. */
type Choice = { select: Option[] } | { radio: Option[]; disabled?: boolean };

/** One of a few codes of the contract (lib/codes.ts, lib/labels.ts), each under its label. */
export function choiceField(name: string, label: string, choice: Placement & Choice): FieldDecl {
  if ('select' in choice) {
    const { select, ...placement } = choice;
    return { key: name, name, label, ...placement, input: { kind: 'select', options: select } };
  }
  const { radio, disabled, ...placement } = choice;
  return { key: name, name, label, ...placement, input: { kind: 'radio', options: radio, disabled } };
}
