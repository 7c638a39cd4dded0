import { describe, expect, it } from 'vitest';
import { formatMoney, formatRatio, trendOf } from './format-money';

describe('formatMoney', () => {
  it('shows USD to the cent with grouped thousands', () => {
    expect(formatMoney(10000)).toBe('10,000.00');
    expect(formatMoney(9999.8)).toBe('9,999.80');
  });
  it('rounds margin, fee and profit to the cent, whatever their stored decimals', () => {
    // The margins: 23.1616 / 23.162 / 23.1622 / 204.2945 all read the same way.
    expect([23.1616, 23.162, 23.1622].map((v) => formatMoney(v))).toEqual(['23.16', '23.16', '23.16']);
    expect(formatMoney(204.2945)).toBe('204.29');
    expect(formatMoney(437.55695)).toBe('437.56');
    expect(formatMoney(137.59508, { max: 6 })).toBe('137.60');
    expect(formatMoney(-0.4993, { signed: true })).toBe('-0.50');
    expect(formatMoney(0.005)).toBe('0.01');
    expect(formatMoney(1234567.891)).toBe('1,234,567.89');
  });
  it('signs gains, and never shows a negative zero', () => {
    expect(formatMoney(0.3, { signed: true })).toBe('+0.30');
    expect(formatMoney(-12.345, { signed: true })).toBe('-12.35');
    expect(formatMoney(-0.000001, { signed: true })).toBe('0.00');
    expect(formatMoney(-0.004)).toBe('0.00');
    expect(formatMoney(0, { signed: true })).toBe('0.00');
  });
  it('shows a dash for a missing value', () => {
    expect(formatMoney(undefined)).toBe('--');
    expect(formatMoney(Number.NaN)).toBe('--');
  });
});

describe('trendOf and formatRatio', () => {
  it('tells up, down and flat', () => {
    expect([trendOf(1), trendOf(-1), trendOf(0), trendOf(undefined)]).toEqual(['up', 'down', 'flat', 'flat']);
  });
  it('formats a percentage', () => {
    expect(formatRatio(7265.1)).toBe('7,265.10%');
    expect(formatRatio(null)).toBe('--');
  });
});
