import { describe, expect, it } from 'vitest';
import { crosshairLabel, isDatePeriod, Tick, tickLabel } from './chart-time';

const NY = 'America/New_York';
const HK = 'Asia/Hong_Kong';
// 2026-11-25 23:12:00 UTC = 18:12 in New York (EST, UTC−5), 07:12 on the 26th in Hong Kong.
const t = Date.UTC(2026, 10, 25, 23, 12) / 1000;
// 2026-07-01 12:00 UTC = 08:00 in New York (EDT, UTC−4).
const summer = Date.UTC(2026, 6, 1, 12, 0) / 1000;

describe('chart times in the trader’s zone', () => {
  it('labels intraday ticks in the zone given, summer time included', () => {
    expect(tickLabel(t, Tick.Time, '1min', 'en-US', NY)).toBe('18:12');
    expect(tickLabel(summer, Tick.Time, '5min', 'en-US', NY)).toBe('08:00');
    expect(tickLabel(t, Tick.Time, '1min', 'en-US', HK)).toBe('07:12');
  });

  it('crosses midnight in the zone, not in UTC', () => {
    // 03:30 UTC on the 26th is still the 25th in New York.
    const late = Date.UTC(2026, 10, 26, 3, 30) / 1000;
    expect(tickLabel(late, Tick.DayOfMonth, '60min', 'en-US', NY)).toBe('11/25');
    expect(tickLabel(late, Tick.DayOfMonth, '60min', 'en-US', HK)).toBe('11/26');
    expect(crosshairLabel(t, '15min', 'en-US', HK)).toBe('Nov 26, 07:12');
  });

  it('labels a day candle (starting 17:00 New York) by its trading day in any zone', () => {
    const dayStart = Date.UTC(2026, 10, 24, 22, 0) / 1000; // 17:00 New York on the 24th
    for (const zone of [NY, HK, 'Pacific/Honolulu']) {
      expect(crosshairLabel(dayStart, '1day', 'en-US', zone)).toBe('Nov 25, 2026');
      expect(tickLabel(dayStart, Tick.DayOfMonth, '1day', 'en-US', zone)).toBe('11/25');
    }
  });

  it('labels a 4hour candle by its date and time in the zone, across a DST change', () => {
    const fourHour = Date.UTC(2026, 10, 24, 22, 0) / 1000; // the 17:00 New York candle
    expect(tickLabel(fourHour, Tick.Time, '4hour', 'en-US', NY)).toBe('17:00');
    expect(tickLabel(fourHour, Tick.Time, '4hour', 'en-US', HK)).toBe('06:00');
    expect(crosshairLabel(fourHour, '4hour', 'en-US', NY)).toBe('Nov 24, 17:00');
    expect(crosshairLabel(fourHour, '4hour', 'en-US', HK)).toBe('Nov 25, 06:00');
    // 2026-03-08: the 3-hour 01:00 EST candle (06:00 UTC), then 05:00 EDT (09:00 UTC).
    expect(crosshairLabel(Date.UTC(2026, 2, 8, 6) / 1000, '4hour', 'en-US', NY)).toBe('Mar 8, 01:00');
    expect(crosshairLabel(Date.UTC(2026, 2, 8, 9) / 1000, '4hour', 'en-US', NY)).toBe('Mar 8, 05:00');
  });

  it('labels a week candle (from Sunday 17:00 New York) by its first trading day, no time', () => {
    const weekStart = Date.UTC(2026, 10, 22, 22, 0) / 1000; // Sunday 22 November, 17:00 EST
    for (const zone of [NY, HK, 'Pacific/Honolulu']) {
      expect(crosshairLabel(weekStart, '1week', 'en-US', zone)).toBe('Nov 23, 2026');
      expect(tickLabel(weekStart, Tick.DayOfMonth, '1week', 'en-US', zone)).toBe('11/23');
      // Asked for a time mark, a week still shows its date.
      expect(tickLabel(weekStart, Tick.Time, '1week', 'en-US', zone)).toBe('11/23');
    }
    // The week after the spring-forward Sunday starts at 17:00 EDT (21:00 UTC).
    expect(crosshairLabel(Date.UTC(2026, 2, 8, 21) / 1000, '1week', 'en-US', HK)).toBe('Mar 9, 2026');
    // The week across the year end is the one of Monday 28 December.
    const yearEnd = Date.UTC(2026, 11, 27, 22) / 1000;
    expect(crosshairLabel(yearEnd, '1week', 'en-US', HK)).toBe('Dec 28, 2026');
    expect(tickLabel(yearEnd, Tick.Year, '1week', 'en-US', HK)).toBe('2026');
    expect(crosshairLabel(yearEnd, '1week', 'zh-HK', HK)).not.toMatch(/:/);
  });

  it('shows dates without times for days and weeks only', () => {
    expect((['1min', '60min', '4hour', '1day', '1week'] as const).filter(isDatePeriod)).toEqual([
      '1day',
      '1week',
    ]);
  });

  it('keeps Latin digits in Arabic', () => {
    expect(tickLabel(t, Tick.Time, '1min', 'ar', NY)).toMatch(/^18:12$/);
    expect(crosshairLabel(t, '1min', 'zh-HK', NY)).toMatch(/18:12/);
    expect(crosshairLabel(Date.UTC(2026, 10, 22, 22) / 1000, '1week', 'ar', NY)).toMatch(/23.*2026|2026.*23/);
  });
});
