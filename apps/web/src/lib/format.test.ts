import { describe, expect, it } from 'vitest';
import { formatPercent, formatPrice } from './format';

describe('formatPrice', () => {
  it('keeps exactly the pair precision', () => {
    expect(formatPrice(1.0834, 5)).toBe('1.08340');
    expect(formatPrice(155.2, 3)).toBe('155.200');
  });
  it('groups thousands with Latin digits', () => {
    expect(formatPrice(68123.456, 2)).toBe('68,123.46');
  });
  it('shows a dash for a missing value', () => {
    expect(formatPrice(Number.NaN, 2)).toBe('--');
  });
});

describe('formatPercent', () => {
  it('signs gains and losses, not zero', () => {
    expect(formatPercent(0.12)).toBe('+0.12%');
    expect(formatPercent(-1.5)).toBe('-1.50%');
    expect(formatPercent(0)).toBe('0.00%');
  });
});
