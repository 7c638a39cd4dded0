import en from '@pipwise/locales/en.json';
import { HISTORY_BAD_LINE_KEYS, HISTORY_FIELDS } from '@pipwise/shared';
import { describe, expect, it } from 'vitest';
import { t } from '@/test/english';
import { badLineKey, badLineText, fieldText } from './bad-line-text';

/** Values for every placeholder a bad line's message may have. */
const PARAMS = {
  field: 'open',
  value: '"abc"',
  expected: 6,
  found: 3,
  shape: 'YYYYMMDD HHMMSS;open;high;low;close;volume',
  pattern: 'YYYYMMDD HHMMSS',
  min: 1990,
  digits: 5,
  high: '1.1030',
  low: '1.1040',
  bid: '1.2',
  ask: '1.1',
  time: '2024-01-02T21:59:00.000Z',
  ref_line: 1,
  ref_time: '2024-01-02T22:00:00.000Z',
  ref_field: 'close',
  ref_value: '1.10350',
  move: 35.9,
  limit: 20,
  max: 256,
};

describe('a refused line in the operator’s words', () => {
  it('has a message for every key the contract names, every placeholder filled', () => {
    for (const key of HISTORY_BAD_LINE_KEYS) {
      expect(en.history_import.bad[key], key).toBeTruthy();
      // `code_why` and the code alone name the same message: the key is enough here.
      const text = badLineText(t, { code: key, params: PARAMS });
      expect(text, key).not.toMatch(/{{|history_import\./);
    }
  });

  it('picks the message of the code’s variant', () => {
    expect(badLineKey({ code: 'bad_date', params: { why: 'month', value: '"20241301 170000"' } })).toBe(
      'bad_date_month',
    );
    expect(badLineKey({ code: 'crossed', params: { bid: '1.2', ask: '1.1' } })).toBe('crossed');
  });

  it('fills in the values and names the fields in words', () => {
    expect(badLineText(t, { code: 'high_below_low', params: { high: '1.1030', low: '1.1040' } })).toBe(
      'High 1.1030 is below low 1.1040',
    );
    expect(badLineText(t, { code: 'not_a_number', params: { why: 'empty', field: 'ask_volume' } })).toBe(
      'The ask volume field is empty',
    );
    expect(
      badLineText(t, {
        code: 'absurd_jump',
        params: {
          why: 'previous',
          field: 'open',
          value: '1.50000',
          move: 35.9,
          ref_field: 'close',
          ref_line: 1,
          ref_value: '1.10350',
          limit: 20,
        },
      }),
    ).toBe("The open 1.50000 is 35.9% away from line 1's close 1.10350 (the limit is 20%)");
  });

  it('has words for every field', () => {
    for (const field of HISTORY_FIELDS) expect(fieldText(t, field)).not.toMatch(/history_import|_/);
    expect(fieldText(t, 'spread')).toBe('spread');
  });

  it('shows a code it does not know with its values rather than nothing', () => {
    expect(badLineText(t, { code: 'new_rule', params: { why: 'x', limit: 3 } })).toBe(
      'new_rule_x (limit: 3)',
    );
    expect(badLineText(t, { code: 'other', params: {} })).toBe('other');
  });
});

describe('a refused line on a right-to-left page', () => {
  it('sets every value apart so it keeps its own direction', () => {
    const text = badLineText(
      t,
      { code: 'not_increasing', params: { time: '2024-01-02T21:59:00.000Z', ref_line: 1, ref_time: 'x' } },
      { isolate: true },
    );
    expect(text).toBe(
      'Time \u20662024-01-02T21:59:00.000Z\u2069 is not after line \u20661\u2069 (\u2066x\u2069)',
    );
    expect(
      badLineText(t, { code: 'not_a_number', params: { why: 'empty', field: 'bid' } }, { isolate: true }),
    ).toBe('The \u2068bid\u2069 field is empty');
  });
});
