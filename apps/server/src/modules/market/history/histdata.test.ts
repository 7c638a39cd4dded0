import { describe, expect, it } from 'vitest';
import { parseHistDataBars, parseHistDataTicks } from './formats.js';
import type { ParseResult } from './line-parser.js';

const NOW = Date.parse('2024-06-01T00:00:00Z');
const OPTIONS = { precision: 5, now: NOW };

/** The refused lines as `line code`, or the rows when the file was good. */
function refused<R>(result: ParseResult<R>): string[] {
  if (result.ok) throw new Error(`expected bad lines, got ${result.rows.length} rows`);
  return result.bad.map((b) => `${b.line} ${b.code}`);
}

describe('HistData M1 bars', () => {
  it('reads bid bars, EST to UTC, rounded to the instrument’s digits', () => {
    const result = parseHistDataBars(
      [
        '20240102 170000;1.103400;1.103600;1.103400;1.103500;0',
        '20240102 170100;1.103500;1.103655;1.103300;1.103600;0',
        '',
      ].join('\r\n'),
      OPTIONS,
    );
    expect(result).toEqual({
      ok: true,
      skipped: 0,
      lines: 2,
      rows: [
        {
          line: 1,
          time: Date.parse('2024-01-02T22:00:00Z'),
          open: 110_340,
          high: 110_360,
          low: 110_340,
          close: 110_350,
        },
        {
          line: 2,
          time: Date.parse('2024-01-02T22:01:00Z'),
          open: 110_350,
          high: 110_366,
          low: 110_330,
          close: 110_360,
        },
      ],
    });
  });

  it('refuses every kind of bad line, each with its own line number, and reads on', () => {
    const lines = [
      /* 1 */ '20240102 170000;1.103400;1.103600;1.103400;1.103500;0',
      /* 2 */ '20240102 170100;1.1035;1.1036;1.1034;1.1035',
      /* 3 */ '20240230 170200;1.1035;1.1036;1.1034;1.1035;0',
      /* 4 */ '20240102 170300;1.1035;abc;1.1034;1.1035;0',
      /* 5 */ '20240102 170400;0x1;1.1036;1.1034;1.1035;0',
      /* 6 */ '20240102 170500;1.1035;1e0;1.1034;1.1035;0',
      /* 7 */ '20240102 170600;1.1035;;1.1034;1.1035;0',
      /* 8 */ '20240102 170700;-1.1035;1.1036;1.1034;1.1035;0',
      /* 9 */ '20240102 170800;0.000000;1.1036;1.1034;1.1035;0',
      /* 10 */ '20240102 170900;1.1035;1.1030;1.1040;1.1035;0',
      /* 11 */ '20240102 171000;1.1037;1.1036;1.1034;1.1035;0',
      /* 12 */ '20240102 171100;1.1035;1.1036;1.1034;1.1033;0',
      /* 13 */ '20240102 170000;1.1035;1.1036;1.1034;1.1035;0',
      /* 14 */ '20240102 171200;1.5000;1.5000;1.5000;1.5000;0',
      /* 15 */ '20240102 171300;1.1035;1.4000;1.1034;1.1035;0',
      /* 16 */ '20240102 171400;1.1035;1.1036;1.1034;1.1035;-1',
      /* 17 */ '',
      /* 18 */ '20240102 171500;1.1035;1.1036;1.1034;1.1035;0',
      /* 19 */ '20990102 171600;1.1035;1.1036;1.1034;1.1035;0',
      /* 20 */ `20240102 171700;${'1'.repeat(300)};1.1036;1.1034;1.1035;0`,
      /* 21 */ '20240102 171730;1.1035;1.1036;1.1034;1.1035;0',
      /* 22 */ 'garbage',
      /* 23 */ '20240102 171800;1.1035;1.1036;1.1034;1.1035;0',
    ];
    expect(refused(parseHistDataBars(lines.join('\n'), OPTIONS))).toEqual([
      '2 bad_fields',
      '3 bad_date',
      '4 not_a_number',
      '5 not_a_number',
      '6 not_a_number',
      '7 not_a_number',
      '8 negative',
      '9 zero_price',
      '10 high_below_low',
      '11 outside_high_low',
      '12 outside_high_low',
      '13 not_increasing',
      '14 absurd_jump',
      '15 absurd_jump',
      '16 negative',
      '17 empty_line',
      '19 in_future',
      '20 line_too_long',
      '21 bad_date',
      '22 bad_fields',
    ]);
  });

  it('says why in words', () => {
    const result = parseHistDataBars(
      [
        '20240102 170000;1.103400;1.103600;1.103400;1.103500;0',
        '20240102 170100;1.1035;1.1030;1.1040;1.1035;0',
        '20240102 170200;1.5000;1.5000;1.5000;1.5000;0',
        '20240102 165900;1.1035;1.1036;1.1034;1.1035;0',
      ].join('\n'),
      OPTIONS,
    );
    expect(result.ok ? [] : result.bad.map((b) => b.reason)).toEqual([
      'high 1.1030 is below low 1.1040',
      "open 1.50000 is 35.9% away from line 1's close 1.10350 (the limit is 20%)",
      "time 2024-01-02T21:59:00.000Z is not after line 1's 2024-01-02T22:00:00.000Z",
    ]);
  });

  it('takes a wider jump limit when given one', () => {
    const text = ['20240102 170000;1.1000;1.1000;1.1000;1.1000;0', '20240102 170100;1.5;1.5;1.5;1.5;0'].join(
      '\n',
    );
    expect(parseHistDataBars(text, OPTIONS).ok).toBe(false);
    expect(parseHistDataBars(text, { ...OPTIONS, maxJump: 0.5 }).ok).toBe(true);
  });

  it('refuses a file without prices', () => {
    expect(refused(parseHistDataBars('', OPTIONS))).toEqual(['1 no_prices']);
    expect(refused(parseHistDataBars('\n\n', OPTIONS))).toEqual(['2 no_prices']);
  });

  it('keeps the first bad lines and counts them all', () => {
    const bad = Array.from({ length: 1_500 }, () => 'x').join('\n');
    const result = parseHistDataBars(bad, OPTIONS);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.badCount).toBe(1_500);
      expect(result.bad).toHaveLength(1_000);
      expect(result.bad.at(-1)?.line).toBe(1_000);
    }
  });
});

describe('HistData ticks', () => {
  it('reads bid and ask with milliseconds; ticks may share a millisecond', () => {
    const result = parseHistDataTicks(
      [
        '20240102 170000123,1.103450,1.103550,0',
        '20240102 170000123,1.103460,1.103560,0',
        '20240102 170001000,1.10344,1.10344,0',
      ].join('\n'),
      OPTIONS,
    );
    const t = Date.parse('2024-01-02T22:00:00.123Z');
    expect(result).toEqual({
      ok: true,
      skipped: 0,
      lines: 3,
      rows: [
        { line: 1, time: t, bid: 110_345, ask: 110_355 },
        { line: 2, time: t, bid: 110_346, ask: 110_356 },
        { line: 3, time: t + 877, bid: 110_344, ask: 110_344 },
      ],
    });
  });

  it('refuses crossed, garbled, zero, out-of-order and absurd ticks with their line numbers', () => {
    const lines = [
      /* 1 */ '20240102 170000123,1.103450,1.103550,0',
      /* 2 */ '20240102 170000200,1.103600,1.103500,0',
      /* 3 */ '20240102 170000300,1.103450,1.103550',
      /* 4 */ '20240102 1700003,1.103450,1.103550,0',
      /* 5 */ '20240102 170000400,0,1.103550,0',
      /* 6 */ '20240102 170000100,1.103450,1.103550,0',
      /* 7 */ '20240102 170000500,0.8,0.8001,0',
      /* 8 */ '20240102 170000600,1.103450,1.5,0',
      /* 9 */ '20240102 170000700,1.103450,1.103550,x',
      /* 10 */ '20240102 170000800,1.103450,1.103550,0',
    ];
    expect(refused(parseHistDataTicks(lines.join('\n'), OPTIONS))).toEqual([
      '2 crossed',
      '3 bad_fields',
      '4 bad_date',
      '5 zero_price',
      '6 not_increasing',
      '7 absurd_jump',
      '8 absurd_jump',
      '9 not_a_number',
    ]);
  });
});
