import { describe, expect, it } from 'vitest';
import { isDecimalText, sanitizeDecimal, stopText, stopValue } from './decimal-text';

describe('decimal fields', () => {
  it('keep digits and one point', () => {
    expect(sanitizeDecimal('1.2.3')).toBe('1.23');
    expect(sanitizeDecimal('abc')).toBe('');
    expect(sanitizeDecimal('1,5')).toBe('1.5');
    expect(sanitizeDecimal('.5')).toBe('0.5');
    expect(sanitizeDecimal('1.23456', 2)).toBe('1.23');
    expect(sanitizeDecimal('7.5', 0)).toBe('7');
  });

  it('tell plain decimals', () => {
    expect(['1', '1.5', '.5', '1.'].every(isDecimalText)).toBe(true);
    expect(['', '.', '1..2', '-1', '1e5'].some(isDecimalText)).toBe(false);
  });

  it('read a stop: empty is none, a number ≥ 0 is kept', () => {
    expect(stopValue('')).toBeUndefined();
    expect(stopValue('0')).toBe(0);
    expect(stopValue('1.25')).toBe(1.25);
    expect(stopValue('-1')).toBe('invalid');
    expect(stopText(0)).toBe('');
    expect(stopText(1.1)).toBe('1.1');
  });
});
