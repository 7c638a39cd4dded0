import { z } from 'zod';
import { isZoneId } from '../domain/time-zone.js';

/**
 * Field helpers for every input from outside. Values arrive as JSON (numbers, strings, but
 * also booleans, arrays and objects an attacker chooses), or as query strings and
 * url-encoded forms where everything is a string. The rules (docs/input-validation.md):
 * - no coercion: `true`, `[1]`, `"0x1"`, `"1e3"`, `" 1"` are never read as numbers;
 * - an id or an enum is a JSON integer or a string of plain decimal digits;
 * - a decimal (lots, prices, amounts) is a JSON number or a plain decimal string, and leaves
 *   as a canonical decimal string ("0.01000" → "0.01"), so no float ever carries it;
 * - every number has a range that fits the math and the database columns;
 * - text is bounded and never holds a NUL byte (PostgreSQL refuses them).
 */

/** An empty value (form fields send ""), treated as absent. */
const isBlank = (v: unknown): boolean => v === undefined || v === null || v === '';
const blankToUndefined = (v: unknown): unknown => (isBlank(v) ? undefined : v);

/** Largest id of a BIGINT column that a JS number still holds exactly. */
export const MAX_BIGINT_ID = Number.MAX_SAFE_INTEGER;
/** Largest value of a 32-bit INTEGER column (instrument and category ids, leverage). */
export const MAX_INT32 = 2_147_483_647;

const DIGITS = /^(0|[1-9]\d{0,15})$/;

/** A non-negative integer: a JSON integer or a string of decimal digits, within [min, max]. */
export const intField = (min: number, max: number) =>
  z
    .union([z.number().int(), z.string().regex(DIGITS).transform(Number)])
    .pipe(z.number().int().min(min).max(max));

/** A positive id of a BIGINT column (users, orders, records). */
export const idField = intField(1, MAX_BIGINT_ID);

/** A positive id of an INTEGER column (instruments, categories, currencies, channels). */
export const smallIdField = intField(1, MAX_INT32);

/** An optional positive id; an empty value counts as absent. */
export const optionalId = z.preprocess(blankToUndefined, idField.optional());
export const optionalSmallId = z.preprocess(blankToUndefined, smallIdField.optional());

/** One of a few integer codes (order side, tab, account type …): 1 or "1", never true or [1]. */
export const intEnum = <const T extends readonly [number, ...number[]]>(values: T) =>
  z
    .union([z.number().int(), z.string().regex(DIGITS).transform(Number)])
    .pipe(z.literal(values as unknown as readonly [T[number], ...T[number][]]));

/** An optional integer code with a default when absent or empty. */
export const intEnumWithDefault = <const T extends readonly [number, ...number[]]>(
  values: T,
  fallback: T[number],
) => z.preprocess((v) => (isBlank(v) ? fallback : v), intEnum(values));

/** A 1-based page number, default 1. */
export const pageField = z.preprocess((v) => (isBlank(v) ? 1 : v), intField(1, 100_000));

/** Text without NUL bytes, trimmed, at most `max` characters. */
export const textField = (max: number) =>
  z
    .string()
    .max(max * 4)
    .refine((s) => !s.includes('\u0000'), { params: { key: 'errors.nul_byte' } })
    .transform((s) => s.trim())
    .pipe(z.string().max(max));

/** Required text: at least one character after trimming. */
export const requiredText = (max: number) => textField(max).pipe(z.string().min(1));

/** An optional trimmed text; an empty string counts as absent. */
export const optionalText = (max: number) =>
  z.preprocess(
    (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
    textField(max).optional(),
  );

/** A plain decimal: digits, an optional fraction; no sign, exponent, hex or spaces. */
const DECIMAL = /^\d{1,20}(\.\d{1,20})?$/;

/** "007.5000" → "7.5", "1.000" → "1", "0.0" → "0": one spelling per value. */
export function canonicalDecimal(s: string): string {
  const [whole = '0', fraction = ''] = s.split('.');
  const w = whole.replace(/^0+(?=\d)/, '');
  const f = fraction.replace(/0+$/, '');
  return f ? `${w}.${f}` : w;
}

/** Digits after the point of a canonical decimal. */
export function decimalPlaces(s: string): number {
  const dot = s.indexOf('.');
  return dot < 0 ? 0 : s.length - dot - 1;
}

/** A finite JSON number as the shortest decimal that reads back as it, or null (1e-7, 1e21). */
function numberAsDecimal(n: number): string | null {
  if (!Number.isFinite(n) || n < 0) return null;
  const s = String(n);
  return DECIMAL.test(s) ? s : null;
}

/**
 * Whether canonical decimal `a` is above canonical decimal `b`, compared digit by digit:
 * as floats, "1000000000.0000000001" and 1e9 are the same number.
 */
function decimalAbove(a: string, b: string): boolean {
  const [aWhole = '0', aFraction = ''] = a.split('.');
  const [bWhole = '0', bFraction = ''] = b.split('.');
  if (aWhole.length !== bWhole.length) return aWhole.length > bWhole.length;
  if (aWhole !== bWhole) return aWhole > bWhole;
  const width = Math.max(aFraction.length, bFraction.length);
  return aFraction.padEnd(width, '0') > bFraction.padEnd(width, '0');
}

export interface DecimalRange {
  /** Largest value allowed (inclusive). */
  max: number;
  /** Most digits after the point (after trailing zeros are dropped). */
  maxDecimals: number;
  /** Whether 0 is allowed (it is not for lots and amounts). */
  allowZero?: boolean;
}

/**
 * A non-negative decimal as a canonical string, range-checked so that it fits the exact
 * math and the integer columns it is stored in (points, micro-units, lot units).
 */
export const decimalField = ({ max, maxDecimals, allowZero = false }: DecimalRange) => {
  const maxText = numberAsDecimal(max);
  if (maxText === null) throw new Error(`decimal range max ${max} is not a plain decimal`);
  return z
    .union([z.string(), z.number()])
    .transform((v, ctx) => {
      const raw = typeof v === 'number' ? numberAsDecimal(v) : DECIMAL.test(v) ? v : null;
      if (raw === null) {
        ctx.addIssue({
          code: 'custom',
          message: 'not a plain decimal',
          params: { key: 'errors.not_a_number' },
        });
        return z.NEVER;
      }
      return canonicalDecimal(raw);
    })
    .superRefine((s, ctx) => {
      const problem = (key: string, vars: Record<string, unknown> = {}) =>
        ctx.addIssue({ code: 'custom', message: key, params: { key, vars } });
      if (decimalPlaces(s) > maxDecimals) problem('errors.too_many_decimals', { max: maxDecimals });
      else if (decimalAbove(s, maxText)) problem('errors.number_too_large', { max });
      else if (!allowZero && s === '0') problem('errors.must_be_positive');
    });
};

/** An optional decimal where absent, empty or zero ("0", "0.00", 0) mean "none" (TP/SL). */
export const optionalDecimal = (range: Omit<DecimalRange, 'allowZero'>) =>
  z.preprocess(
    blankToUndefined,
    decimalField({ ...range, allowZero: true })
      .optional()
      .transform((s) => (s === '0' ? undefined : s)),
  );

/** Ranges of the trading inputs (docs/input-validation.md). */
export const LOTS_RANGE: DecimalRange = { max: 1_000, maxDecimals: 8 };
/**
 * Prices: at most 10^9 with 10 decimals. Stored as integer points (price × 10^precision,
 * precision ≤ 5), so the largest is 10^14, well inside a BIGINT and a JS safe integer.
 */
export const PRICE_RANGE: DecimalRange = { max: 1_000_000_000, maxDecimals: 10 };
/** USD amounts: at most 10^9 USD with 6 decimals, i.e. ≤ 10^15 micro-USD. */
export const AMOUNT_RANGE: DecimalRange = { max: 1_000_000_000, maxDecimals: 6 };

/** An optional integer code (a list filter): absent or empty means none, else one of `values`. */
export const optionalIntEnum = <const T extends readonly [number, ...number[]]>(values: T) =>
  z.preprocess(blankToUndefined, intEnum(values).optional());

/** A signed plain decimal: an optional leading minus, then what `decimalField` takes. */
const SIGNED_DECIMAL = /^-?\d{1,20}(\.\d{1,20})?$/;

/**
 * A signed decimal (a balance adjustment, a loss) as a canonical string: "-007.50" →
 * "-7.5", "-0" → "0". A JSON number or a plain decimal string with an optional leading
 * minus; no plus sign, exponent, hex or spaces, and the same range checks on its size.
 */
export const signedDecimalField = ({ max, maxDecimals, allowZero = false }: DecimalRange) => {
  const maxText = numberAsDecimal(max);
  if (maxText === null) throw new Error(`decimal range max ${max} is not a plain decimal`);
  return z
    .union([z.string(), z.number()])
    .transform((v, ctx) => {
      const text = typeof v === 'number' ? (Number.isFinite(v) ? String(v) : '') : v;
      if (!SIGNED_DECIMAL.test(text)) {
        ctx.addIssue({
          code: 'custom',
          message: 'not a plain decimal',
          params: { key: 'errors.not_a_number' },
        });
        return z.NEVER;
      }
      const negative = text.startsWith('-');
      const magnitude = canonicalDecimal(negative ? text.slice(1) : text);
      return negative && magnitude !== '0' ? `-${magnitude}` : magnitude;
    })
    .superRefine((s, ctx) => {
      const problem = (key: string, vars: Record<string, unknown> = {}) =>
        ctx.addIssue({ code: 'custom', message: key, params: { key, vars } });
      const magnitude = s.startsWith('-') ? s.slice(1) : s;
      if (decimalPlaces(magnitude) > maxDecimals) problem('errors.too_many_decimals', { max: maxDecimals });
      else if (decimalAbove(magnitude, maxText)) problem('errors.number_too_large', { max });
      else if (!allowZero && magnitude === '0') problem('errors.must_not_be_zero');
    });
};

/**
 * A time zone as the zone database spells it (`Europe/London`, `Asia/Hong_Kong`, `UTC`) and
 * this runtime knows: offsets (`+08:00`) and other spellings (`europe/london`) are refused,
 * never read as the zone they resemble. Statements, reports and the dealing desk use it.
 */
export const timeZoneField = z.string().refine(isZoneId, { params: { key: 'errors.time_zone_invalid' } });
