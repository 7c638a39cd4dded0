import { FEED_DROP_REASONS as DROP_REASONS } from '@pipwise/shared';
import { describe, expect, it } from 'vitest';
import { formatTime, zoneName } from '@/lib/format';
import { t } from '@/test/english';
import { dropReasonText, droppedCounts, formatAge, formatAgo, formatClock, formatRate } from './feed-format';

describe('how the feeds page says times and rates', () => {
  it('says an age in the unit that reads best', () => {
    expect(formatAge(t, 850)).toBe('850 ms');
    expect(formatAge(t, 12_345)).toBe('12.3 s');
    expect(formatAge(t, 180_000)).toBe('3 min');
    expect(formatAge(t, 2 * 3_600_000)).toBe('2 h');
    expect(formatAge(t, -5)).toBe('0 ms');
    expect(formatAge(t, null)).toBe('—');
  });

  it('counts back from the server’s clock, or says never', () => {
    expect(formatAgo(t, 10_000, 7_000)).toBe('3 s ago');
    expect(formatAgo(t, 10_000, null)).toBe('Never');
  });

  it('says a rate once two polls were seen', () => {
    expect(formatRate(t, undefined)).toBe('measuring…');
    expect(formatRate(t, 12.34)).toBe('12.3/s');
  });

  it('has words for every drop reason, and shows a new one by its name', () => {
    for (const reason of DROP_REASONS) expect(dropReasonText(t, reason)).not.toMatch(/^admin_feeds\./);
    expect(dropReasonText(t, 'crossed')).toBe('Bid above ask');
    expect(dropReasonText(t, 'new_reason')).toBe('new_reason');
  });

  it('lists the reasons that dropped something, most first', () => {
    expect(droppedCounts({ late: 2, jump: 0, garbage: 5, crossed: 2 })).toEqual([
      ['garbage', 5],
      ['crossed', 2],
      ['late', 2],
    ]);
  });
});

describe('a quote’s clock time', () => {
  it('shows milliseconds for a recent quote, the date for an old one, both with the zone', () => {
    const at = Date.UTC(2026, 0, 5, 9, 30, 15, 42);
    const clock = formatClock(at + 500, at);
    expect(clock).toMatch(/^\d{2}:\d{2}:15[.,]042 \S+$/);
    expect(clock.endsWith(` ${zoneName(at)}`)).toBe(true);
    expect(formatClock(at + 13 * 3_600_000, at)).toBe(formatTime(at));
    expect(formatClock(at + 13 * 3_600_000, at)).toContain('2026');
    expect(formatClock(at, null)).toBe('—');
  });
});
