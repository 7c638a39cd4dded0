import type { AdminTradeSession } from '@pipwise/shared';
import { describe, expect, it, vi } from 'vitest';
import { t } from '@/test/english';
import { sessionFacts } from './session-facts';

// antd cannot load under vitest (test/antd-stub.tsx).
vi.mock('antd', async () => (await import('@/test/antd-stub')).antdStub);

const trade: AdminTradeSession = {
  endpoint: 'fix://lp.example:9879?sender=PIPWISE&target=LP',
  session: 'live',
  since: 1_000,
  last_message_at: 9_000,
  last_error: null,
  next_attempt_at: null,
  connects: 2,
  disconnects: 1,
  sequence: { next_out: 12, next_in: 30 },
  reports: 5,
  garbled: 0,
  waiting: 1,
};

const shown = (facts: ReturnType<typeof sessionFacts>) => facts.filter((f) => f.shown !== false);

describe('the facts every FIX session shows', () => {
  it('in their order, with a session’s own between and after', () => {
    const facts = sessionFacts(t, trade, 10_000, {
      afterMessage: [{ key: 'quote', label: 'q', value: 'x' }],
      counters: [{ key: 'reports', label: 'r', value: '5' }],
    });
    expect(shown(facts).map((f) => f.key)).toEqual([
      'since',
      'message',
      'quote',
      'connections',
      'sequence',
      'reports',
    ]);
    const value = (key: string) => facts.find((f) => f.key === key)!.value;
    expect(value('since')).toBe('9 s ago');
    expect(value('connections')).toBe('2 made, 1 lost');
    expect(value('sequence')).toBe('next out 12, next in 30');
  });

  it('the next attempt and the last error only when there is one', () => {
    const down = {
      ...trade,
      session: 'reconnecting' as const,
      next_attempt_at: 12_500,
      last_error: 'refused',
    };
    const facts = shown(sessionFacts(t, down, 10_000));
    expect(facts.map((f) => f.key)).toEqual(['since', 'message', 'next', 'connections', 'sequence', 'error']);
    expect(facts.find((f) => f.key === 'next')!.value).toBe('2.5 s');
    expect(
      shown(sessionFacts(t, { ...trade, sequence: null }, 10_000)).find((f) => f.key === 'sequence')!.value,
    ).toBe('—');
  });
});
