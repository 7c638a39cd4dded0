import { describe, expect, it } from 'vitest';
import { DUKASCOPY_BAR_HEADER, DUKASCOPY_TICK_HEADER } from './dukascopy.js';
import { parseDukascopyBars, parseDukascopyTicks } from './formats.js';
import type { ParseResult } from './line-parser.js';

const NOW = Date.parse('2024-06-01T00:00:00Z');
const OPTIONS = { precision: 5, now: NOW };

function refused<R>(result: ParseResult<R>): string[] {
  if (result.ok) throw new Error(`expected bad lines, got ${result.rows.length} rows`);
  return result.bad.map((b) => `${b.line} ${b.code}`);
}

describe('Dukascopy 1-minute bars', () => {
  it('reads the GMT export after its header, leaving out flat bars without ticks', () => {
    const result = parseDukascopyBars(
      [
        `\uFEFF${DUKASCOPY_BAR_HEADER}`,
        '02.01.2024 22:00:00.000,1.10340,1.10360,1.10340,1.10350,125.31',
        '02.01.2024 22:01:00.000,1.10350,1.10370,1.10330,1.10360,98.2',
        '02.01.2024 22:02:00.000,1.10360,1.10360,1.10360,1.10360,0',
        '02.01.2024 22:03:00.000,1.10360,1.10380,1.10350,1.10370,9899.999999999998',
      ].join('\r\n'),
      OPTIONS,
    );
    expect(result).toEqual({
      ok: true,
      skipped: 1,
      lines: 5,
      rows: [
        {
          line: 2,
          time: Date.parse('2024-01-02T22:00:00Z'),
          open: 110_340,
          high: 110_360,
          low: 110_340,
          close: 110_350,
        },
        {
          line: 3,
          time: Date.parse('2024-01-02T22:01:00Z'),
          open: 110_350,
          high: 110_370,
          low: 110_330,
          close: 110_360,
        },
        {
          line: 5,
          time: Date.parse('2024-01-02T22:03:00Z'),
          open: 110_360,
          high: 110_380,
          low: 110_350,
          close: 110_370,
        },
      ],
    });
  });

  it('refuses a missing or local-time header', () => {
    const bar = '02.01.2024 22:00:00.000,1.10340,1.10360,1.10340,1.10350,125.31';
    expect(refused(parseDukascopyBars(bar, OPTIONS))).toEqual(['1 bad_header']);
    const local = parseDukascopyBars(
      ['Local time,Open,High,Low,Close,Volume', '02.01.2024 23:00:00.000 GMT+0100,1.1,1.1,1.1,1.1,1'].join(
        '\n',
      ),
      OPTIONS,
    );
    expect(refused(local)).toEqual(['1 bad_header', '2 bad_date']);
    expect(local.ok ? '' : local.bad[0]!.reason).toContain('export with "GMT" time');
  });

  it('refuses bad bars with their line numbers', () => {
    const lines = [
      /* 1 */ DUKASCOPY_BAR_HEADER,
      /* 2 */ '02.01.2024 22:00:00.000,1.10340,1.10360,1.10340,1.10350,125.31',
      /* 3 */ '02.01.2024 22:01:30.000,1.10350,1.10370,1.10330,1.10360,98.2',
      /* 4 */ '02.01.2024 22:02:00.000,1.10350,1.10330,1.10370,1.10360,98.2',
      /* 5 */ '02.01.2024 22:00:00.000,1.10350,1.10370,1.10330,1.10360,98.2',
      /* 6 */ '02.01.2024 22:03:00.000,1.10350,1.10370,1.10330,1.10360,-5',
      /* 7 */ '31.02.2024 22:04:00.000,1.10350,1.10370,1.10330,1.10360,1',
      /* 8 */ '02.01.2024 22:05:00.000,1.10350,1.10370,1.10330,1.10360',
      /* 9 */ '02.01.2024 22:06:00.000,1.10350,1.10370,1.10330,1.10360,1',
    ];
    expect(refused(parseDukascopyBars(lines.join('\n'), OPTIONS))).toEqual([
      '3 bad_date',
      '4 high_below_low',
      '5 not_increasing',
      '6 negative',
      '7 bad_date',
      '8 bad_fields',
    ]);
  });

  it('refuses an export of longer bars: they are not 1-minute candles', () => {
    const hourly = [
      DUKASCOPY_BAR_HEADER,
      '02.01.2024 22:00:00.000,1.10340,1.10360,1.10340,1.10350,125.31',
      '02.01.2024 23:00:00.000,1.10350,1.10370,1.10330,1.10360,98.2',
      '03.01.2024 00:00:00.000,1.10360,1.10380,1.10350,1.10370,77',
    ];
    expect(refused(parseDukascopyBars(hourly.join('\n'), OPTIONS))).toEqual(['1 not_one_minute']);
  });

  it('refuses a file of flat bars only', () => {
    const flats = [DUKASCOPY_BAR_HEADER, '06.01.2024 12:00:00.000,1.1,1.1,1.1,1.1,0'];
    expect(refused(parseDukascopyBars(flats.join('\n'), OPTIONS))).toEqual(['2 no_prices']);
  });
});

describe('Dukascopy ticks', () => {
  it('reads ask before bid', () => {
    const result = parseDukascopyTicks(
      [
        DUKASCOPY_TICK_HEADER,
        '02.01.2024 22:00:00.123,1.10355,1.10345,0.75,1.5',
        '02.01.2024 22:00:00.123,1.10356,1.10346,0.75,0.75',
      ].join('\n'),
      OPTIONS,
    );
    const t = Date.parse('2024-01-02T22:00:00.123Z');
    expect(result).toEqual({
      ok: true,
      skipped: 0,
      lines: 3,
      rows: [
        { line: 2, time: t, bid: 110_345, ask: 110_355 },
        { line: 3, time: t, bid: 110_346, ask: 110_356 },
      ],
    });
  });

  it('refuses a bar header, crossed prices and bad volumes', () => {
    expect(
      refused(
        parseDukascopyTicks(
          [DUKASCOPY_BAR_HEADER, '02.01.2024 22:00:00.123,1.1,1.1,1,1'].join('\n'),
          OPTIONS,
        ),
      ),
    ).toEqual(['1 bad_header']);
    const lines = [
      /* 1 */ DUKASCOPY_TICK_HEADER,
      /* 2 */ '02.01.2024 22:00:00.123,1.10355,1.10345,0.75,1.5',
      /* 3 */ '02.01.2024 22:00:00.200,1.10340,1.10345,0.75,1.5',
      /* 4 */ '02.01.2024 22:00:00.300,1.10355,1.10345,0.75,abc',
      /* 5 */ '02.01.2024 22:00:00.100,1.10355,1.10345,0.75,1.5',
      /* 6 */ '02.01.2024 22:00:00.400,1.10355,-1.10345,0.75,1.5',
    ];
    expect(refused(parseDukascopyTicks(lines.join('\n'), OPTIONS))).toEqual([
      '3 crossed',
      '4 not_a_number',
      '5 not_increasing',
      '6 negative',
    ]);
  });
});
