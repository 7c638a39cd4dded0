import { describe, expect, it } from 'vitest';
import type { Clock } from './price-staleness';
import { createQuotesClock } from './quotes-clock';

/** A clock the test moves by hand, and quote listeners it fires. */
function harness() {
  let now = 1_000;
  const timers = new Map<number, { at: number; fn: () => void }>();
  let nextId = 1;
  const clock: Clock = {
    now: () => now,
    setTimeout: (fn, ms) => {
      const id = nextId++;
      timers.set(id, { at: now + ms, fn });
      return id;
    },
    clearTimeout: (id) => void timers.delete(id as number),
  };
  const listeners = new Map<string, Set<() => void>>();
  const watch = (code: string, fn: () => void) => {
    const set = listeners.get(code) ?? new Set();
    listeners.set(code, set.add(fn));
    return () => void set.delete(fn);
  };
  return {
    clock,
    watch,
    move: (code: string) => listeners.get(code)?.forEach((fn) => fn()),
    advance(ms: number) {
      now += ms;
      for (const [id, t] of [...timers]) {
        if (t.at <= now) {
          timers.delete(id);
          t.fn();
        }
      }
    },
    listening: () => [...listeners.values()].reduce((n, s) => n + s.size, 0),
    pending: () => timers.size,
  };
}

describe('a clock over several quotes', () => {
  it('ticks at once on the first move, then at most once per interval, gathering the moves between', () => {
    const h = harness();
    const qc = createQuotesClock(['EURUSD', 'USDJPY', 'EURUSD'], 400, h);
    let calls = 0;
    const stop = qc.subscribe(() => calls++);
    // One listener per distinct code.
    expect(h.listening()).toBe(2);
    h.move('EURUSD');
    expect([qc.get(), calls]).toEqual([1, 1]);
    h.move('USDJPY');
    h.move('EURUSD');
    h.advance(100);
    expect(calls).toBe(1);
    h.advance(300);
    expect([qc.get(), calls]).toEqual([2, 2]);
    // Quiet for longer than the interval: the next move is delivered at once again.
    h.advance(1_000);
    h.move('USDJPY');
    expect(calls).toBe(3);
    h.move('GBPUSD'); // not watched
    h.advance(1_000);
    expect(calls).toBe(3);
    stop();
    expect([h.listening(), h.pending()]).toEqual([0, 0]);
  });

  it('drops a pending tick when unsubscribed', () => {
    const h = harness();
    const qc = createQuotesClock(['EURUSD'], 400, h);
    let calls = 0;
    const stop = qc.subscribe(() => calls++);
    h.move('EURUSD');
    h.move('EURUSD');
    expect(h.pending()).toBe(1);
    stop();
    h.advance(1_000);
    expect([calls, h.pending()]).toEqual([1, 0]);
  });
});
