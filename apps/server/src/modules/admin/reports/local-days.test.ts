import { describe, expect, it } from 'vitest';
import { dayStartOf } from '@pipwise/shared';
import { dayIndexOf, localDays } from './local-days.js';

const at = (iso: string) => Date.parse(iso);
const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;

describe('local days (docs/reports.md "Days")', () => {
  it('London across the spring change: a 23-hour day, grouped by the hour', () => {
    const days = localDays({ from: '2025-03-29', to: '2025-03-31', tz: 'Europe/London' });
    expect(days.labels).toEqual(['2025-03-29', '2025-03-30', '2025-03-31']);
    expect(days.bounds).toEqual([
      at('2025-03-29T00:00:00Z'),
      at('2025-03-30T00:00:00Z'),
      at('2025-03-30T23:00:00Z'),
      at('2025-03-31T23:00:00Z'),
    ]);
    expect(days.slot).toBe(3_600_000);
    expect(dayIndexOf(days, at('2025-03-30T22:59:59.999Z'))).toBe(1);
    expect(dayIndexOf(days, at('2025-03-30T23:00:00Z'))).toBe(2);
  });

  it('London across the autumn change: a 25-hour day', () => {
    const days = localDays({ from: '2025-10-26', to: '2025-10-26', tz: 'Europe/London' });
    expect(days.bounds).toEqual([at('2025-10-25T23:00:00Z'), at('2025-10-27T00:00:00Z')]);
    expect(days.slot).toBe(25 * 3_600_000);
  });

  it('Hong Kong, east of UTC and without changes: whole days', () => {
    const days = localDays({ from: '2025-03-29', to: '2025-03-31', tz: 'Asia/Hong_Kong' });
    expect(days.bounds[0]).toBe(at('2025-03-28T16:00:00Z'));
    expect(days.bounds[3]).toBe(at('2025-03-31T16:00:00Z'));
    expect(days.slot).toBe(86_400_000);
  });

  it('a half-hour zone and a day whose midnight is skipped', () => {
    expect(dayStartOf(day('2025-01-01'), 'Asia/Kolkata')).toBe(at('2024-12-31T18:30:00Z'));
    // Chile moved its clocks from 00:00 to 01:00 on 8 September 2024: the day began at 01:00.
    expect(dayStartOf(day('2024-09-08'), 'America/Santiago')).toBe(at('2024-09-08T04:00:00Z'));
    expect(dayStartOf(day('2024-09-07'), 'America/Santiago')).toBe(at('2024-09-07T04:00:00Z'));
  });
});
