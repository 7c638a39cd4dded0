import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  AMOUNT_RANGE,
  canonicalDecimal,
  decimalField,
  decimalPlaces,
  idField,
  intEnum,
  intEnumWithDefault,
  intField,
  LOTS_RANGE,
  MAX_BIGINT_ID,
  MAX_INT32,
  optionalDecimal,
  optionalId,
  optionalSmallId,
  optionalText,
  pageField,
  PRICE_RANGE,
  requiredText,
  smallIdField,
  textField,
} from './fields.js';

/** The parsed value, or a thrown error naming the input (so a failure says which one). */
function accepted(schema: z.ZodType, input: unknown): unknown {
  const result = schema.safeParse(input);
  if (!result.success) throw new Error(`${show(input)} was refused: ${result.error.message}`);
  return result.data;
}

function refused(schema: z.ZodType, input: unknown): boolean {
  return !schema.safeParse(input).success;
}

/** The message key and variables our helpers attach to a refusal (validation.ts translates them). */
function problemOf(schema: z.ZodType, input: unknown): { key?: string; vars?: Record<string, unknown> } {
  const result = schema.safeParse(input);
  if (result.success) throw new Error(`${show(input)} was accepted as ${show(result.data)}`);
  const issue = result.error.issues[0];
  return issue?.code === 'custom' ? ((issue.params ?? {}) as { key?: string }) : {};
}

const show = (v: unknown): string =>
  typeof v === 'number' ? String(v) : v === undefined ? 'undefined' : JSON.stringify(v);

/** Everything that must never be read as an id or a code, whatever the range. */
const NOT_AN_INTEGER: unknown[] = [
  true,
  false,
  [1],
  ['1'],
  { a: 1 },
  '0x1',
  '0x408',
  '1e3',
  '1e0',
  ' 1',
  '1 ',
  '1\n',
  '+1',
  '-1',
  -1,
  '1.0',
  '1.',
  1.5,
  '1.5',
  '01',
  NaN,
  'NaN',
  Infinity,
  'Infinity',
  -Infinity,
  '١', // an Arabic-Indic digit
  '１', // a full-width digit
  '1_000',
  '1,000',
  'a\u00001',
  '9'.repeat(10_000),
];

describe('intField', () => {
  const field = intField(0, 10);

  it('reads JSON integers and strings of plain digits within the range', () => {
    expect(accepted(field, 0)).toBe(0);
    expect(accepted(field, '0')).toBe(0);
    expect(accepted(field, 10)).toBe(10);
    expect(accepted(field, '7')).toBe(7);
  });

  it('refuses the ends of the range plus one', () => {
    expect(refused(field, 11)).toBe(true);
    expect(refused(field, '11')).toBe(true);
    expect(refused(intField(1, 10), 0)).toBe(true);
    expect(refused(intField(1, 10), '0')).toBe(true);
  });

  it.each(NOT_AN_INTEGER.map((v) => [show(v), v]))('refuses %s', (_name, input) => {
    expect(refused(field, input)).toBe(true);
  });

  it('refuses absent, null and empty values', () => {
    expect(refused(field, undefined)).toBe(true);
    expect(refused(field, null)).toBe(true);
    expect(refused(field, '')).toBe(true);
  });
});

describe('idField', () => {
  it('reads ids up to the largest safe integer', () => {
    expect(accepted(idField, 1)).toBe(1);
    expect(accepted(idField, '1031')).toBe(1031);
    expect(accepted(idField, MAX_INT32 + 1)).toBe(MAX_INT32 + 1);
    expect(accepted(idField, MAX_BIGINT_ID)).toBe(MAX_BIGINT_ID);
    expect(accepted(idField, String(MAX_BIGINT_ID))).toBe(MAX_BIGINT_ID);
  });

  it('refuses 0 and anything beyond the largest safe integer', () => {
    expect(refused(idField, 0)).toBe(true);
    expect(refused(idField, '0')).toBe(true);
    expect(refused(idField, MAX_BIGINT_ID + 1)).toBe(true);
    expect(refused(idField, String(MAX_BIGINT_ID + 1))).toBe(true);
    expect(refused(idField, '99999999999999999')).toBe(true);
    expect(refused(idField, 1e308)).toBe(true);
    expect(refused(idField, '1e308')).toBe(true);
  });

  it.each(NOT_AN_INTEGER.map((v) => [show(v), v]))('refuses %s', (_name, input) => {
    expect(refused(idField, input)).toBe(true);
  });

  it('is required', () => {
    expect(refused(idField, undefined)).toBe(true);
    expect(refused(idField, null)).toBe(true);
    expect(refused(idField, '')).toBe(true);
  });
});

describe('smallIdField', () => {
  it('reads ids up to the largest 32-bit integer', () => {
    expect(accepted(smallIdField, 26)).toBe(26);
    expect(accepted(smallIdField, '26')).toBe(26);
    expect(accepted(smallIdField, MAX_INT32)).toBe(MAX_INT32);
    expect(accepted(smallIdField, String(MAX_INT32))).toBe(MAX_INT32);
  });

  it('refuses 0 and anything beyond a 32-bit INTEGER column', () => {
    expect(refused(smallIdField, 0)).toBe(true);
    expect(refused(smallIdField, MAX_INT32 + 1)).toBe(true);
    expect(refused(smallIdField, String(MAX_INT32 + 1))).toBe(true);
    expect(refused(smallIdField, 1e12)).toBe(true);
  });

  it.each(NOT_AN_INTEGER.map((v) => [show(v), v]))('refuses %s', (_name, input) => {
    expect(refused(smallIdField, input)).toBe(true);
  });

  it('is required', () => {
    expect(refused(smallIdField, undefined)).toBe(true);
    expect(refused(smallIdField, '')).toBe(true);
  });
});

describe('optionalId and optionalSmallId', () => {
  it('read absent, null and empty as absent', () => {
    for (const field of [optionalId, optionalSmallId]) {
      expect(accepted(field, undefined)).toBeUndefined();
      expect(accepted(field, null)).toBeUndefined();
      expect(accepted(field, '')).toBeUndefined();
    }
  });

  it('read a present id like the required field does', () => {
    expect(accepted(optionalId, '5')).toBe(5);
    expect(accepted(optionalId, MAX_BIGINT_ID)).toBe(MAX_BIGINT_ID);
    expect(accepted(optionalSmallId, MAX_INT32)).toBe(MAX_INT32);
    expect(refused(optionalId, MAX_BIGINT_ID + 1)).toBe(true);
    expect(refused(optionalSmallId, MAX_INT32 + 1)).toBe(true);
    expect(refused(optionalId, 0)).toBe(true);
  });

  it.each(NOT_AN_INTEGER.map((v) => [show(v), v]))('refuse %s', (_name, input) => {
    expect(refused(optionalId, input)).toBe(true);
    expect(refused(optionalSmallId, input)).toBe(true);
  });

  it('do not treat a blank of spaces as absent', () => {
    expect(refused(optionalId, ' ')).toBe(true);
  });
});

describe('intEnum', () => {
  const side = intEnum([1, 2]);
  const status = intEnum([0, 1, 3]);

  it('reads each listed code as a JSON integer or a digit string', () => {
    expect(accepted(side, 1)).toBe(1);
    expect(accepted(side, '2')).toBe(2);
    expect(accepted(status, 0)).toBe(0);
    expect(accepted(status, '0')).toBe(0);
    expect(accepted(status, '3')).toBe(3);
  });

  it('refuses codes that are not listed', () => {
    expect(refused(side, 0)).toBe(true);
    expect(refused(side, 3)).toBe(true);
    expect(refused(side, '3')).toBe(true);
    expect(refused(status, 2)).toBe(true);
    expect(refused(status, MAX_BIGINT_ID + 1)).toBe(true);
  });

  it.each(NOT_AN_INTEGER.map((v) => [show(v), v]))('refuses %s', (_name, input) => {
    expect(refused(side, input)).toBe(true);
    expect(refused(status, input)).toBe(true);
  });

  it('is required', () => {
    expect(refused(side, undefined)).toBe(true);
    expect(refused(side, null)).toBe(true);
    expect(refused(side, '')).toBe(true);
  });
});

describe('intEnumWithDefault', () => {
  const type = intEnumWithDefault([1, 2], 1);

  it('takes the default when absent, null or empty', () => {
    expect(accepted(type, undefined)).toBe(1);
    expect(accepted(type, null)).toBe(1);
    expect(accepted(type, '')).toBe(1);
  });

  it('reads a listed code and refuses an unlisted one', () => {
    expect(accepted(type, '2')).toBe(2);
    expect(accepted(type, 2)).toBe(2);
    expect(refused(type, 3)).toBe(true);
    expect(refused(type, '0')).toBe(true);
  });

  it.each(NOT_AN_INTEGER.map((v) => [show(v), v]))('refuses %s', (_name, input) => {
    expect(refused(type, input)).toBe(true);
  });
});

describe('pageField', () => {
  it('defaults to page 1', () => {
    expect(accepted(pageField, undefined)).toBe(1);
    expect(accepted(pageField, null)).toBe(1);
    expect(accepted(pageField, '')).toBe(1);
  });

  it('reads pages 1 to 100,000', () => {
    expect(accepted(pageField, '1')).toBe(1);
    expect(accepted(pageField, 100_000)).toBe(100_000);
    expect(refused(pageField, 0)).toBe(true);
    expect(refused(pageField, '0')).toBe(true);
    expect(refused(pageField, 100_001)).toBe(true);
    expect(refused(pageField, 1e12)).toBe(true);
  });

  it.each(NOT_AN_INTEGER.map((v) => [show(v), v]))('refuses %s', (_name, input) => {
    expect(refused(pageField, input)).toBe(true);
  });
});

describe('textField', () => {
  const field = textField(5);

  it('trims and keeps up to max characters', () => {
    expect(accepted(field, 'abc')).toBe('abc');
    expect(accepted(field, '  abc\t\n')).toBe('abc');
    expect(accepted(field, '  12345  ')).toBe('12345');
    expect(accepted(field, '')).toBe('');
    expect(accepted(field, '日本語テキ')).toBe('日本語テキ');
  });

  it('refuses more than max characters after trimming', () => {
    expect(refused(field, '123456')).toBe(true);
    expect(refused(field, ' 123456 ')).toBe(true);
  });

  it('refuses a long value before trimming it (at most 4 × max characters arrive)', () => {
    expect(accepted(field, `${' '.repeat(15)}ab`)).toBe('ab');
    expect(refused(field, `${' '.repeat(19)}ab`)).toBe(true);
    expect(refused(field, 'x'.repeat(10_000))).toBe(true);
  });

  it('refuses a NUL byte anywhere, with the nul_byte message', () => {
    for (const input of ['a\u0000b', '\u0000', 'abc\u0000', '\u0000 ']) {
      expect(problemOf(field, input)).toEqual({ key: 'errors.nul_byte' });
    }
  });

  it('refuses everything that is not a string', () => {
    for (const input of [1, 0, true, false, null, undefined, [], ['a'], { a: 'b' }, NaN]) {
      expect(refused(field, input)).toBe(true);
    }
  });
});

describe('requiredText', () => {
  const field = requiredText(8);

  it('needs at least one character after trimming', () => {
    expect(accepted(field, ' code ')).toBe('code');
    expect(refused(field, '')).toBe(true);
    expect(refused(field, '   ')).toBe(true);
    expect(refused(field, undefined)).toBe(true);
  });

  it('keeps the text rules: bounds and NUL', () => {
    expect(refused(field, '123456789')).toBe(true);
    expect(problemOf(field, 'a\u0000')).toEqual({ key: 'errors.nul_byte' });
    expect(refused(field, 12345)).toBe(true);
  });
});

describe('optionalText', () => {
  const field = optionalText(8);

  it('reads absent, empty and blank as absent', () => {
    expect(accepted(field, undefined)).toBeUndefined();
    expect(accepted(field, '')).toBeUndefined();
    expect(accepted(field, '   ')).toBeUndefined();
  });

  it('trims a present value and keeps the text rules', () => {
    expect(accepted(field, ' usd ')).toBe('usd');
    expect(refused(field, '123456789')).toBe(true);
    expect(problemOf(field, 'u\u0000sd')).toEqual({ key: 'errors.nul_byte' });
    expect(refused(field, ['usd'])).toBe(true);
    expect(refused(field, true)).toBe(true);
    expect(refused(field, 1)).toBe(true);
  });
});

describe('canonicalDecimal and decimalPlaces', () => {
  it('gives one spelling per value', () => {
    expect(canonicalDecimal('0.01000')).toBe('0.01');
    expect(canonicalDecimal('1.00000')).toBe('1');
    expect(canonicalDecimal('007.50')).toBe('7.5');
    expect(canonicalDecimal('0.0')).toBe('0');
    expect(canonicalDecimal('000')).toBe('0');
    expect(canonicalDecimal('0.5')).toBe('0.5');
    expect(canonicalDecimal('100')).toBe('100');
    expect(canonicalDecimal('100.000100')).toBe('100.0001');
  });

  it('counts digits after the point', () => {
    expect(decimalPlaces('1')).toBe(0);
    expect(decimalPlaces('0.01')).toBe(2);
    expect(decimalPlaces('12.345678')).toBe(6);
  });
});

describe('decimalField (lots: at most 1,000 with 8 decimals, not 0)', () => {
  const lots = decimalField(LOTS_RANGE);

  it('drops trailing and leading zeros', () => {
    expect(accepted(lots, '0.01000')).toBe('0.01');
    expect(accepted(lots, '1.00000')).toBe('1');
    expect(accepted(lots, '007.50')).toBe('7.5');
    expect(accepted(lots, '0.012345')).toBe('0.012345');
    expect(accepted(lots, '1.00000000000000000000')).toBe('1');
  });

  it('reads JSON numbers as their shortest decimal', () => {
    expect(accepted(lots, 0.01)).toBe('0.01');
    expect(accepted(lots, 0.1)).toBe('0.1');
    expect(accepted(lots, 7.5)).toBe('7.5');
    expect(accepted(lots, 1000)).toBe('1000');
  });

  it.each([
    '1e-9',
    1e-9,
    '1e12',
    '1E3',
    1e308,
    '1e308',
    1e21,
    '-1',
    -1,
    '-0.01',
    'NaN',
    'Infinity',
    '-Infinity',
    ' 1',
    '1 ',
    '1,5',
    '+1',
    '0x1',
    '.5',
    '5.',
    '1.2.3',
    '',
    'abc',
    'a\u0000b',
    '１',
    '1'.repeat(21),
    '9'.repeat(10_000),
  ])('refuses %s as not a plain number', (input) => {
    expect(problemOf(lots, input)).toEqual({ key: 'errors.not_a_number' });
  });

  it('refuses values that are not a string or a number', () => {
    for (const input of [true, false, null, undefined, [1], ['0.01'], { a: 1 }, NaN, Infinity, -Infinity]) {
      expect(refused(lots, input)).toBe(true);
    }
  });

  it('refuses more decimals than allowed, after dropping trailing zeros', () => {
    expect(accepted(lots, '0.12345678')).toBe('0.12345678');
    expect(accepted(lots, '0.123456780000')).toBe('0.12345678');
    expect(problemOf(lots, '0.123456789')).toEqual({ key: 'errors.too_many_decimals', vars: { max: 8 } });
    expect(problemOf(lots, 0.123456789)).toEqual({ key: 'errors.too_many_decimals', vars: { max: 8 } });
  });

  it('refuses values beyond the maximum, exactly', () => {
    expect(accepted(lots, '1000')).toBe('1000');
    expect(accepted(lots, '1000.00000000')).toBe('1000');
    expect(problemOf(lots, '1000.00000001')).toEqual({ key: 'errors.number_too_large', vars: { max: 1000 } });
    expect(problemOf(lots, 1001)).toEqual({ key: 'errors.number_too_large', vars: { max: 1000 } });
    expect(problemOf(lots, '99999999999999999999')).toEqual({
      key: 'errors.number_too_large',
      vars: { max: 1000 },
    });
  });

  it('refuses zero in every spelling', () => {
    for (const input of [0, -0, '0', '0.0', '000', '0.00000000']) {
      expect(problemOf(lots, input)).toEqual({ key: 'errors.must_be_positive', vars: {} });
    }
  });
});

describe('decimalField (prices: at most 10^9 with 10 decimals)', () => {
  const price = decimalField(PRICE_RANGE);

  it('compares with the maximum exactly, not as floats', () => {
    // As floats both are 1e9, yet the first is above the maximum.
    expect(Number('1000000000.0000000001')).toBe(1e9);
    expect(problemOf(price, '1000000000.0000000001')).toEqual({
      key: 'errors.number_too_large',
      vars: { max: 1_000_000_000 },
    });
    expect(accepted(price, '1000000000.0000000000')).toBe('1000000000');
    expect(accepted(price, '999999999.9999999999')).toBe('999999999.9999999999');
  });

  it('refuses the prices that once reached the database as overflows', () => {
    expect(problemOf(price, 1e12)).toEqual({ key: 'errors.number_too_large', vars: { max: 1_000_000_000 } });
    expect(problemOf(price, '1000000000000')).toEqual({
      key: 'errors.number_too_large',
      vars: { max: 1_000_000_000 },
    });
    expect(problemOf(price, 1e15)).toEqual({ key: 'errors.number_too_large', vars: { max: 1_000_000_000 } });
    expect(problemOf(price, 1e308)).toEqual({ key: 'errors.not_a_number' });
    expect(problemOf(price, '1e308')).toEqual({ key: 'errors.not_a_number' });
  });
});

describe('decimalField (amounts: at most 10^9 with 6 decimals)', () => {
  const amount = decimalField(AMOUNT_RANGE);

  it('reads an amount and refuses a seventh decimal', () => {
    expect(accepted(amount, '100.500000')).toBe('100.5');
    expect(accepted(amount, '1000000000')).toBe('1000000000');
    expect(problemOf(amount, '0.0000001')).toEqual({ key: 'errors.too_many_decimals', vars: { max: 6 } });
    expect(problemOf(amount, '1000000000.000001')).toEqual({
      key: 'errors.number_too_large',
      vars: { max: 1_000_000_000 },
    });
  });
});

describe('optionalDecimal (TP/SL prices)', () => {
  const price = optionalDecimal(PRICE_RANGE);

  it('reads absent, empty and every spelling of zero as "none"', () => {
    for (const input of [undefined, null, '', 0, -0, '0', '0.000', '000']) {
      expect(accepted(price, input)).toBeUndefined();
    }
  });

  it('reads a present price as its canonical decimal', () => {
    expect(accepted(price, '87650.50')).toBe('87650.5');
    expect(accepted(price, 1.158)).toBe('1.158');
    expect(accepted(price, '0.00001')).toBe('0.00001');
  });

  it('refuses what a required decimal refuses', () => {
    expect(problemOf(price, '1e-9')).toEqual({ key: 'errors.not_a_number' });
    expect(problemOf(price, '-1')).toEqual({ key: 'errors.not_a_number' });
    expect(problemOf(price, 'NaN')).toEqual({ key: 'errors.not_a_number' });
    expect(problemOf(price, 'Infinity')).toEqual({ key: 'errors.not_a_number' });
    expect(problemOf(price, 1e308)).toEqual({ key: 'errors.not_a_number' });
    expect(problemOf(price, 1e12)).toEqual({ key: 'errors.number_too_large', vars: { max: 1_000_000_000 } });
    expect(problemOf(price, '0.00000000001')).toEqual({ key: 'errors.too_many_decimals', vars: { max: 10 } });
    for (const input of [true, false, [1], { a: 1 }, NaN, Infinity]) expect(refused(price, input)).toBe(true);
  });

  it('does not read a blank of spaces as "none"', () => {
    expect(problemOf(price, ' ')).toEqual({ key: 'errors.not_a_number' });
  });
});

describe('ranges fit the integer columns they are stored in', () => {
  it('a price of at most 10^9 with 5 decimals of precision is a safe integer of points', () => {
    expect(PRICE_RANGE.max * 10 ** 5).toBeLessThanOrEqual(Number.MAX_SAFE_INTEGER);
  });

  it('an amount of at most 10^9 USD is a safe integer of micro-USD', () => {
    expect(AMOUNT_RANGE.max * 10 ** AMOUNT_RANGE.maxDecimals).toBeLessThanOrEqual(Number.MAX_SAFE_INTEGER);
  });

  it('lots of at most 1,000 with 8 decimals are a safe integer of lot units', () => {
    expect(LOTS_RANGE.max * 10 ** LOTS_RANGE.maxDecimals).toBeLessThanOrEqual(Number.MAX_SAFE_INTEGER);
  });
});
