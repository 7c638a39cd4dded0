import { describe, expect, it } from 'vitest';
import {
  dukascopyTime,
  histDataBarTime,
  histDataTickTime,
  LineError,
  priceField,
  volumeField,
} from './fields.js';

/** The code a field is refused with. */
function refusal(read: () => unknown): string {
  try {
    read();
  } catch (err) {
    if (err instanceof LineError) return err.code;
    throw err;
  }
  return 'accepted';
}

describe('prices are read strictly and rounded half up to the instrument’s digits', () => {
  it('turns decimal text into integer points without float error', () => {
    expect(priceField('1.10345', 5, 'price').points).toBe(110_345);
    expect(priceField('1.103455', 5, 'price').points).toBe(110_346);
    expect(priceField('1.1034549999', 5, 'price').points).toBe(110_345);
    expect(priceField('1.1', 5, 'price').points).toBe(110_000);
    expect(priceField('155.2', 3, 'price').points).toBe(155_200);
    expect(priceField('2050', 2, 'price').points).toBe(205_000);
    expect(priceField('0.000005', 5, 'price').points).toBe(1);
    // Dukascopy writes binary floats as they print.
    expect(priceField('1.1370200000000001', 5, 'price').points).toBe(113_702);
    expect(priceField('203.14900000000003', 3, 'price').points).toBe(203_149);
    expect(priceField('1.10345', 5, 'price').value).toBe(1.10345);
  });

  it.each([
    ['', 'not_a_number'],
    [' 1.1', 'not_a_number'],
    ['1.1 ', 'not_a_number'],
    ['0x1', 'not_a_number'],
    ['1e0', 'not_a_number'],
    ['1.1e-3', 'not_a_number'],
    ['Infinity', 'not_a_number'],
    ['NaN', 'not_a_number'],
    ['+1.1', 'not_a_number'],
    ['1,1', 'not_a_number'],
    ['1.', 'not_a_number'],
    ['.5', 'not_a_number'],
    ['1_000', 'not_a_number'],
    ['-1.1', 'negative'],
    ['0', 'zero_price'],
    ['0.00000', 'zero_price'],
    ['0.000004', 'zero_price'],
    ['1234567890123', 'too_large'],
  ])('refuses %j as %s', (text, code) => {
    expect(refusal(() => priceField(text, 5, 'bid'))).toBe(code);
  });

  it('reads volumes as plain non-negative decimals', () => {
    expect(volumeField('0', 'volume')).toBe(0);
    expect(volumeField('9899.999999999998', 'volume')).toBe(9899.999999999998);
    expect(refusal(() => volumeField('-1', 'volume'))).toBe('negative');
    expect(refusal(() => volumeField('1e3', 'volume'))).toBe('not_a_number');
    expect(refusal(() => volumeField('', 'volume'))).toBe('not_a_number');
  });
});

describe('times', () => {
  it('reads HistData’s EST as a fixed UTC−5, winter and summer alike (no daylight saving)', () => {
    expect(histDataBarTime('20240102 170000')).toBe(Date.parse('2024-01-02T22:00:00Z'));
    // New York is on daylight time in July (UTC−4); HistData is not.
    expect(histDataBarTime('20240702 170000')).toBe(Date.parse('2024-07-02T22:00:00Z'));
    expect(histDataTickTime('20240102 170000123')).toBe(Date.parse('2024-01-02T22:00:00.123Z'));
    // Late evening EST is the next day in UTC.
    expect(histDataTickTime('20241231 235959999')).toBe(Date.parse('2025-01-01T04:59:59.999Z'));
  });

  it('reads Dukascopy’s "Gmt time" as UTC', () => {
    expect(dukascopyTime('01.01.2024 00:00:00.000')).toBe(Date.parse('2024-01-01T00:00:00Z'));
    expect(dukascopyTime('02.07.2024 22:01:30.250')).toBe(Date.parse('2024-07-02T22:01:30.250Z'));
  });

  it.each([
    () => histDataBarTime('20240230 170000'),
    () => histDataBarTime('20241301 170000'),
    () => histDataBarTime('20240102 240000'),
    () => histDataBarTime('20240102 176000'),
    () => histDataBarTime('20240102 170030'), // a 1-minute bar starts on a whole minute
    () => histDataBarTime('2024-01-02 17:00:00'),
    () => histDataBarTime('19890102 170000'),
    () => histDataTickTime('20240102 1700001'),
    () => histDataTickTime('20240102 170000123 '),
    () => dukascopyTime('29.02.2023 00:00:00.000'),
    () => dukascopyTime('01.01.2024 00:00:00'),
    () => dukascopyTime('01.01.2024 00:00:00.000 GMT+0100'),
    () => dukascopyTime('1.1.2024 00:00:00.000'),
  ])('refuses an impossible or misshapen stamp (%#)', (read) => {
    expect(refusal(read)).toBe('bad_date');
  });

  it('takes 29 February in a leap year', () => {
    expect(dukascopyTime('29.02.2024 00:00:00.000')).toBe(Date.parse('2024-02-29T00:00:00Z'));
  });
});
