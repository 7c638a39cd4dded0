import {
  HISTORY_BAD_LINE_KEYS,
  HISTORY_FIELDS,
  type HistoryBadLine,
  type HistoryBadLineKey,
} from '@pipwise/shared';
import type { TFunction } from 'i18next';

/**
 * A refused line's reason in the operator's language (docs/market-data.md "Back office"):
 * the server sends a code, `params.why` where the code has several messages, and the values
 * that fill it; field names are words too. A code this page does not know yet shows as the
 * code and its values rather than nothing.
 */

type Field = (typeof HISTORY_FIELDS)[number];
const isKey = (key: string): key is HistoryBadLineKey =>
  (HISTORY_BAD_LINE_KEYS as readonly string[]).includes(key);
const isField = (name: unknown): name is Field =>
  typeof name === 'string' && (HISTORY_FIELDS as readonly string[]).includes(name);

/** The message key of a bad line: its code, or `code_why`. */
export function badLineKey(bad: Pick<HistoryBadLine, 'code' | 'params'>): string {
  const why = bad.params.why;
  return typeof why === 'string' && why !== '' ? `${bad.code}_${why}` : bad.code;
}

/** A field's name as the operator reads it (`ask_volume` → "ask volume"). */
export function fieldText(t: TFunction, name: string | number | undefined): string {
  if (name === undefined) return '';
  return isField(name) ? t(`history_import.field.${name}`) : String(name);
}

/**
 * Unicode isolates: a value is the file's own text (digits, times, quotes), left to right
 * (LRI … PDI) whatever the sentence around it; a field's name is words of the page's
 * language, set apart by its first strong letter (FSI … PDI).
 */
const ltr = (value: string | number) => `\u2066${value}\u2069`;
const own = (text: string) => `\u2068${text}\u2069`;

/**
 * `isolate` for a right-to-left page: every value is set apart, so a time or a quoted field
 * reads as the file wrote it inside an Arabic sentence instead of being reordered with it.
 */
export function badLineText(
  t: TFunction,
  bad: Pick<HistoryBadLine, 'code' | 'params'>,
  { isolate = false }: { isolate?: boolean } = {},
): string {
  const key = badLineKey(bad);
  const params = isolate
    ? Object.fromEntries(
        Object.entries(bad.params).map(([name, value]) => [name, name === 'why' ? value : ltr(value)]),
      )
    : bad.params;
  if (!isKey(key)) {
    const values = Object.entries(params)
      .filter(([name]) => name !== 'why')
      .map(([name, value]) => `${name}: ${value}`)
      .join(', ');
    return values ? `${key} (${values})` : key;
  }
  const word = (name: unknown) => {
    const text = fieldText(t, bad.params[name as string]);
    return isolate && text ? own(text) : text;
  };
  return t(`history_import.bad.${key}`, { ...params, field: word('field'), ref_field: word('ref_field') });
}
