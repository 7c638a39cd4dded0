import { describe, expect, it } from 'vitest';
import { formatMarketTime } from './market-time';

// 2026-11-26 05:23:33 UTC is 00:23:33 in New York (EST, UTC−5).
const WINTER = Date.parse('2026-11-26T05:23:33Z');
// 2026-07-01 21:05:09 UTC is 17:05:09 in New York (EDT, UTC−4).
const SUMMER = Date.parse('2026-07-01T21:05:09Z');

describe('formatMarketTime', () => {
  it('shows New York time, 24-hour, in the reader’s language with Latin digits', () => {
    expect(formatMarketTime(WINTER, 'en')).toBe('Nov 26, 2026, 00:23:33');
    expect(formatMarketTime(SUMMER, 'en')).toBe('Jul 1, 2026, 17:05:09');
    const hk = formatMarketTime(WINTER, 'zh-HK');
    expect(hk).toContain('2026');
    expect(hk).toContain('00:23:33');
    const ar = formatMarketTime(WINTER, 'ar');
    expect(ar).toMatch(/26/);
    expect(ar).toContain('00:23:33');
    expect(ar).not.toMatch(/[٠-٩]/);
  });

  it('shows a dash for no time', () => {
    expect(formatMarketTime(0, 'en')).toBe('--');
    expect(formatMarketTime(undefined, 'en')).toBe('--');
    expect(formatMarketTime(Number.NaN, 'en')).toBe('--');
  });

  it('survives an odd locale tag', () => {
    expect(formatMarketTime(WINTER, 'not a tag!')).toBe('Nov 26, 2026, 00:23:33');
  });
});
