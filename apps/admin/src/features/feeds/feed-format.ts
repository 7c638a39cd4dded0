import { FEED_DROP_REASONS } from '@pipwise/shared';
import type { TFunction } from 'i18next';
import { formatNumber, formatTime, formatTimeOfDay } from '@/lib/format';

/**
 * How long ago, in the operator's words: milliseconds below a second (a quote's age is
 * usually that), then seconds, minutes and hours.
 */
export function formatAge(t: TFunction, ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '—';
  const value = Math.max(0, ms);
  if (value < 1_000) return t('admin_feeds.age_ms', { value: formatNumber(Math.round(value), 0) });
  if (value < 60_000) return t('admin_feeds.age_s', { value: formatNumber(value / 1_000, 1) });
  if (value < 3_600_000) return t('admin_feeds.age_min', { value: formatNumber(value / 60_000, 1) });
  return t('admin_feeds.age_h', { value: formatNumber(value / 3_600_000, 1) });
}

/** The time of an event counted back from the server's `now` ("3.2 s ago"), or "never". */
export function formatAgo(t: TFunction, now: number, at: number | null | undefined): string {
  if (at === null || at === undefined) return t('admin_feeds.never');
  return t('admin_feeds.ago', { age: formatAge(t, now - at) });
}

/** Quotes within this of `now` show their clock time alone; older ones their date too. */
const CLOCK_ONLY_MS = 12 * 3_600_000;

/**
 * A quote's time to the millisecond, with the zone like every time, where the gap between
 * the provider's stamp and our receipt shows; with its date when it is old.
 */
export function formatClock(now: number, at: number | null | undefined): string {
  if (at === null || at === undefined) return '—';
  if (Math.abs(now - at) > CLOCK_ONLY_MS) return formatTime(at);
  return formatTimeOfDay(at, { millis: true });
}

/** A counter's rate per second, or "measuring…" until two polls have been seen. */
export function formatRate(t: TFunction, rate: number | undefined): string {
  if (rate === undefined) return t('admin_feeds.measuring');
  return t('admin_feeds.per_second', { value: formatNumber(rate, 1) });
}

type KnownDrop = (typeof FEED_DROP_REASONS)[number];

export function dropReasonText(t: TFunction, reason: string): string {
  return (FEED_DROP_REASONS as readonly string[]).includes(reason)
    ? t(`admin_feeds.drop.${reason as KnownDrop}`)
    : reason;
}

/** The drops worth showing: reasons with a count, most first. */
export function droppedCounts(dropped: Record<string, number>): [string, number][] {
  return Object.entries(dropped)
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}
