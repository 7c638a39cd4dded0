import { describe, expect, it } from 'vitest';
import { isMarketOpen, tradingDayStart } from './market-hours.js';

// New York is UTC−5 in winter (EST) and UTC−4 in summer (EDT).
const utc = (iso: string) => Date.parse(iso);

describe('market hours (New York)', () => {
  it('opens forex on Sunday 17:00 and closes it on Friday 17:00', () => {
    expect(isMarketOpen('forex', utc('2026-11-29T21:59:00Z'))).toBe(false); // Sun 16:59 EST
    expect(isMarketOpen('forex', utc('2026-11-29T22:01:00Z'))).toBe(true); // Sun 17:01 EST
    expect(isMarketOpen('forex', utc('2026-11-25T15:00:00Z'))).toBe(true); // Wed 10:00
    expect(isMarketOpen('forex', utc('2026-11-27T21:59:00Z'))).toBe(true); // Fri 16:59
    expect(isMarketOpen('forex', utc('2026-11-27T22:00:00Z'))).toBe(false); // Fri 17:00
    expect(isMarketOpen('forex', utc('2026-11-28T12:00:00Z'))).toBe(false); // Saturday
  });

  it('keeps crypto open at the weekend', () => {
    expect(isMarketOpen('crypto', utc('2026-11-28T12:00:00Z'))).toBe(true);
    expect(isMarketOpen('crypto', utc('2026-11-29T03:00:00Z'))).toBe(true);
  });

  it('pauses metals, indices and energy for the 17:00 hour but not forex', () => {
    const wed1730 = utc('2026-11-25T22:30:00Z'); // Wed 17:30 EST
    expect(isMarketOpen('forex', wed1730)).toBe(true);
    for (const s of ['metals', 'indices', 'energy'] as const) {
      expect(isMarketOpen(s, wed1730)).toBe(false);
      expect(isMarketOpen(s, utc('2026-11-25T23:01:00Z'))).toBe(true); // 18:01
      expect(isMarketOpen(s, utc('2026-11-28T15:00:00Z'))).toBe(false); // Saturday
    }
  });

  it('follows daylight saving time', () => {
    // 2026-07-01 is EDT: 17:00 New York is 21:00 UTC.
    expect(isMarketOpen('forex', utc('2026-07-03T20:59:00Z'))).toBe(true); // Fri 16:59 EDT
    expect(isMarketOpen('forex', utc('2026-07-03T21:00:00Z'))).toBe(false); // Fri 17:00 EDT
  });

  it('starts the trading day at 17:00 New York', () => {
    expect(tradingDayStart(utc('2026-11-25T15:00:00.123Z'))).toBe(utc('2026-11-24T22:00:00Z'));
    expect(tradingDayStart(utc('2026-11-25T22:00:00Z'))).toBe(utc('2026-11-25T22:00:00Z'));
    expect(tradingDayStart(utc('2026-11-25T21:59:59Z'))).toBe(utc('2026-11-24T22:00:00Z'));
    expect(tradingDayStart(utc('2026-07-01T12:00:00Z'))).toBe(utc('2026-06-30T21:00:00Z'));
  });
});
