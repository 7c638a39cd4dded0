import { describe, expect, it } from 'vitest';
import { crosshairLabel, Tick, tickLabel } from './chart-time';

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

  it('keeps Latin digits in Arabic', () => {
    expect(tickLabel(t, Tick.Time, '1min', 'ar', NY)).toMatch(/^18:12$/);
    expect(crosshairLabel(t, '1min', 'zh-HK', NY)).toMatch(/18:12/);
  });
});
