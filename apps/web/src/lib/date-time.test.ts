import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDay, zoneName } from './date-time';

// 2026-11-26 17:43:45 UTC: 12:43:45 in New York (EST), 01:43:45 on the 27th in Hong Kong.
const WINTER = Date.parse('2026-11-26T17:43:45Z');
// 2026-07-01 21:05:09 UTC: 17:05:09 in New York (EDT).
const SUMMER = Date.parse('2026-07-01T21:05:09Z');

describe('formatDateTime: one format, always with the zone', () => {
  it('writes the date, a 24-hour time and the zone’s short name in the zone given', () => {
    expect(formatDateTime(WINTER, 'en', 'America/New_York')).toBe('Nov 26, 2026, 12:43:45 EST');
    expect(formatDateTime(SUMMER, 'en', 'America/New_York')).toBe('Jul 1, 2026, 17:05:09 EDT');
    expect(formatDateTime(WINTER, 'en', 'Asia/Hong_Kong')).toBe('Nov 27, 2026, 01:43:45 GMT+8');
    expect(formatDateTime(WINTER, 'en', 'UTC')).toBe('Nov 26, 2026, 17:43:45 UTC');
  });

  it('follows the language’s order and names, with Latin digits and a plain clock', () => {
    expect(formatDateTime(WINTER, 'zh-HK', 'Asia/Hong_Kong')).toMatch(/^2026年11月27日 01:43:45 \S+$/);
    const ar = formatDateTime(WINTER, 'ar', 'Asia/Dubai');
    expect(ar).toContain('21:43:45');
    expect(ar).not.toMatch(/[٠-٩]/);
    expect(ar.endsWith(zoneName(WINTER, 'ar', 'Asia/Dubai'))).toBe(true);
    // Asked of Intl together, Korean and Thai would spell the clock out ("01시 43분 45초").
    expect(formatDateTime(WINTER, 'ko', 'Asia/Seoul')).toMatch(/02:43:45 \S+$/);
    expect(formatDateTime(WINTER, 'th', 'Asia/Bangkok')).toMatch(/00:43:45 \S+$/);
    // Vietnamese puts the time first: the zone stays with the time.
    expect(formatDateTime(WINTER, 'vi', 'Asia/Ho_Chi_Minh')).toMatch(/^00:43:45 GMT\+7 /);
  });

  it('shows a dash for no time and survives an odd locale tag', () => {
    expect(formatDateTime(0, 'en', 'UTC')).toBe('--');
    expect(formatDateTime(undefined, 'en', 'UTC')).toBe('--');
    expect(formatDateTime(Number.NaN, 'en', 'UTC')).toBe('--');
    expect(formatDateTime(WINTER, 'not a tag!', 'America/New_York')).toBe('Nov 26, 2026, 12:43:45 EST');
  });
});

describe('formatDay', () => {
  it('is the calendar day in the zone, without a clock', () => {
    expect(formatDay(WINTER, 'en', 'America/New_York')).toBe('Nov 26, 2026');
    expect(formatDay(WINTER, 'en', 'Asia/Hong_Kong')).toBe('Nov 27, 2026');
    expect(formatDay(0, 'en', 'UTC')).toBe('');
  });
});
