import type { AdminFeedSource, AdminFeedStatus } from '@pipwise/shared';

/**
 * Messages and quotes per second of each FIX source, from two successive polls: the
 * counters' difference over the difference of the server's `now` (docs/market-data.md
 * "Back office"). The server keeps no state for it, and its clock — not the browser's —
 * measures the interval, so a slow or throttled tab still reads a true rate.
 */
export interface SourceRate {
  messages: number;
  quotes: number;
}

/** A source across polls: its role and the provider it talks to. */
export const sourceKey = (source: Pick<AdminFeedSource, 'role' | 'endpoint'>): string =>
  `${source.role} ${source.endpoint}`;

/**
 * The rate of every source present in both polls; none for a source seen once, a counter
 * that went down (the server restarted) or polls not in time order.
 */
export function ratesBetween(
  previous: AdminFeedStatus | undefined,
  next: AdminFeedStatus,
): Map<string, SourceRate> {
  const rates = new Map<string, SourceRate>();
  if (!previous) return rates;
  const seconds = (next.now - previous.now) / 1000;
  if (!(seconds > 0)) return rates;
  const before = new Map(previous.sources.map((s) => [sourceKey(s), s]));
  for (const source of next.sources) {
    const old = before.get(sourceKey(source));
    if (!old || source.messages < old.messages || source.quotes < old.quotes) continue;
    rates.set(sourceKey(source), {
      messages: (source.messages - old.messages) / seconds,
      quotes: (source.quotes - old.quotes) / seconds,
    });
  }
  return rates;
}
