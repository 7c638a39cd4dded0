import { describe, expect, it } from 'vitest';
import { crosshairLabel, Tick, tickLabel } from './chart-time';

// 2026-11-25 23:12:00 UTC = 18:12 in New York (EST, UTC−5).
const t = Date.UTC(2026, 10, 25, 23, 12) / 1000;
// 2026-07-01 12:00 UTC = 08:00 in New York (EDT, UTC−4).
const summer = Date.UTC(2026, 6, 1, 12, 0) / 1000;

describe('chart times in New York', () => {
  it('labels intraday ticks in New York time, summer time included', () => {
    expect(tickLabel(t, Tick.Time, '1min', 'en-US')).toBe('18:12');
    expect(tickLabel(summer, Tick.Time, '5min', 'en-US')).toBe('08:00');
  });

  it('crosses midnight in New York, not in UTC', () => {
    // 03:30 UTC on the 26th is still the 25th in New York.
    const late = Date.UTC(2026, 10, 26, 3, 30) / 1000;
    expect(tickLabel(late, Tick.DayOfMonth, '60min', 'en-US')).toBe('11/25');
  });

  it('labels a day candle (starting 17:00 New York) by its trading day', () => {
    const dayStart = Date.UTC(2026, 10, 24, 22, 0) / 1000; // 17:00 New York on the 24th
    expect(crosshairLabel(dayStart, '1day', 'en-US')).toBe('Nov 25, 2026');
    expect(tickLabel(dayStart, Tick.DayOfMonth, '1day', 'en-US')).toBe('11/25');
  });

  it('keeps Latin digits in Arabic', () => {
    expect(tickLabel(t, Tick.Time, '1min', 'ar')).toMatch(/^18:12$/);
    expect(crosshairLabel(t, '1min', 'zh-HK')).toMatch(/18:12/);
  });
});
