import { describe, expect, it } from 'vitest';
import { formatMoney, formatRatio, trendOf } from './format-money';

describe('formatMoney', () => {
  it('shows balances with 2 decimals and grouped thousands', () => {
    expect(formatMoney(10000)).toBe('10,000.00');
    expect(formatMoney(9999.8)).toBe('9,999.80');
  });
  it('shows up to 6 decimals for margin and profit, without trailing zeros', () => {
    expect(formatMoney(137.59508, { max: 6 })).toBe('137.59508');
    expect(formatMoney(0.2, { max: 6 })).toBe('0.20');
    expect(formatMoney(-0.000001, { max: 6 })).toBe('-0.000001');
  });
  it('signs gains, and never shows a negative zero', () => {
    expect(formatMoney(0.3, { signed: true })).toBe('+0.30');
    expect(formatMoney(-12.345, { signed: true })).toBe('-12.35');
    expect(formatMoney(-0.000001, { signed: true })).toBe('0.00');
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
