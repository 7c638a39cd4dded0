import { describe, expect, it } from 'vitest';
import { formatProfit, formatRate, formatShare, hueOf, initialsOf, trendOf } from './format-stats';

describe('ranking figures', () => {
  it('formats returns, shares and profits with Latin digits and signs', () => {
    expect(formatRate(38.62)).toBe('+38.62%');
    expect(formatRate(-3.4)).toBe('-3.40%');
    expect(formatRate(0)).toBe('0.00%');
    expect(formatShare(74.5)).toBe('74.5%');
    expect(formatProfit(18452.3)).toBe('+18,452.30');
    expect(formatProfit(-740.8)).toBe('-740.80');
    expect(trendOf(-0.01)).toBe('down');
    expect(trendOf(0)).toBe('flat');
  });

  it('makes avatars from names in any script', () => {
    expect(initialsOf('Alpine Capital')).toBe('AC');
    expect(initialsOf('sofia marín')).toBe('SM');
    expect(initialsOf('陳志明')).toBe('陳');
    expect(initialsOf('  ')).toBe('?');
    expect(hueOf('Alpine Capital')).toBe(hueOf('Alpine Capital'));
    expect(hueOf('a')).not.toBe(hueOf('b'));
  });
});
