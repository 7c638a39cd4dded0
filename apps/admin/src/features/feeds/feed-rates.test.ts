import type { AdminFeedSource, AdminFeedStatus } from '@pipwise/shared';
import { describe, expect, it } from 'vitest';
import { ratesBetween, sourceKey } from './feed-rates';

const source = (role: 'primary' | 'backup', messages: number, quotes: number): AdminFeedSource => ({
  role,
  endpoint: `fix://lp-${role}:9878?sender=PIPWISE&target=LP`,
  session: 'live',
  since: 0,
  last_message_at: null,
  last_quote_at: null,
  last_error: null,
  next_attempt_at: null,
  connects: 1,
  disconnects: 0,
  sequence: null,
  messages,
  quotes,
  rejects: 0,
  dropped: {},
  instruments: [],
});

const status = (now: number, sources: AdminFeedSource[]): AdminFeedStatus => ({
  now,
  kind: 'fix',
  sources,
  active: {},
  switches: [],
  switch_counts: {},
  trade: null,
});

describe('messages and quotes per second, from two polls', () => {
  it('is the counters’ difference over the server’s clock', () => {
    const before = status(10_000, [source('primary', 100, 40), source('backup', 10, 0)]);
    const after = status(12_000, [source('primary', 300, 90), source('backup', 10, 0)]);
    const rates = ratesBetween(before, after);
    expect(rates.get(sourceKey(after.sources[0]!))).toEqual({ messages: 100, quotes: 25 });
    expect(rates.get(sourceKey(after.sources[1]!))).toEqual({ messages: 0, quotes: 0 });
  });

  it('has no rate before a second poll, for a new source, or when a counter went back', () => {
    const first = status(10_000, [source('primary', 100, 40)]);
    expect(ratesBetween(undefined, first).size).toBe(0);
    const restarted = status(12_000, [source('primary', 5, 1), source('backup', 3, 3)]);
    expect(ratesBetween(first, restarted).size).toBe(0);
  });

  it('has none for polls out of time order or at the same instant', () => {
    const a = status(10_000, [source('primary', 100, 40)]);
    expect(ratesBetween(a, status(10_000, [source('primary', 120, 40)])).size).toBe(0);
    expect(ratesBetween(a, status(9_000, [source('primary', 120, 40)])).size).toBe(0);
  });
});
