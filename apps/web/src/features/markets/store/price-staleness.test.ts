import { STALE_QUOTE_MS, type QuotePush } from '@pipwise/shared';
import { describe, expect, it } from 'vitest';
import { maxQuoteAgeOf, priceStaleness, watchStaleness, type Clock } from './price-staleness';
import { applyQuotePushes, seedQuotes } from './quotes-store';

const T0 = 1_700_000_000_000;

describe('priceStaleness', () => {
  const open = { marketOpen: true, watchingSince: T0, maxAgeMs: STALE_QUOTE_MS };

  it('is fresh up to the age limit after the last quote, stale one ms past it', () => {
    const lastQuoteAt = T0 + 1_000;
    expect(priceStaleness({ ...open, lastQuoteAt, now: lastQuoteAt })).toEqual({
      stale: false,
      recheckInMs: STALE_QUOTE_MS + 1,
    });
    expect(priceStaleness({ ...open, lastQuoteAt, now: lastQuoteAt + STALE_QUOTE_MS })).toEqual({
      stale: false,
      recheckInMs: 1,
    });
    expect(priceStaleness({ ...open, lastQuoteAt, now: lastQuoteAt + STALE_QUOTE_MS + 1 })).toEqual({
      stale: true,
      recheckInMs: null,
    });
  });

  it('judges by the instrument’s own limit: 6 s is stale for a 5 s pair, live for a 15 s one', () => {
    const input = { ...open, lastQuoteAt: T0, now: T0 + 6_000 };
    expect(priceStaleness({ ...input, maxAgeMs: 5_000 }).stale).toBe(true);
    expect(priceStaleness({ ...input, maxAgeMs: 15_000 })).toEqual({ stale: false, recheckInMs: 9_001 });
    expect(priceStaleness({ ...input, now: T0 + 15_001, maxAgeMs: 15_000 }).stale).toBe(true);
  });

  it('never pauses a closed market, however old its quote', () => {
    expect(priceStaleness({ ...open, marketOpen: false, lastQuoteAt: T0, now: T0 + 86_400_000 })).toEqual({
      stale: false,
      recheckInMs: null,
    });
    expect(
      priceStaleness({ ...open, marketOpen: false, lastQuoteAt: undefined, now: T0 + 60_000 }).stale,
    ).toBe(false);
  });

  it('gives the first quote the same time to arrive from when the screen opened', () => {
    // A quote from before the screen opened (its last visit) does not pause it at once.
    expect(priceStaleness({ ...open, lastQuoteAt: T0 - 60_000, now: T0 + 100 }).stale).toBe(false);
    expect(priceStaleness({ ...open, lastQuoteAt: undefined, now: T0 + STALE_QUOTE_MS }).stale).toBe(false);
    // No quote at all within the age: stale.
    expect(priceStaleness({ ...open, lastQuoteAt: undefined, now: T0 + STALE_QUOTE_MS + 1 }).stale).toBe(
      true,
    );
    expect(priceStaleness({ ...open, lastQuoteAt: T0 - 60_000, now: T0 + STALE_QUOTE_MS + 1 }).stale).toBe(
      true,
    );
  });
});

/** A clock the test moves by hand; due timers fire as it passes them. */
function manualClock(start: number) {
  let now = start;
  let nextId = 0;
  const timers = new Map<number, { at: number; fn: () => void }>();
  const clock: Clock = {
    now: () => now,
    setTimeout: (fn, ms) => {
      nextId += 1;
      timers.set(nextId, { at: now + ms, fn });
      return nextId;
    },
    clearTimeout: (id) => void timers.delete(id as number),
  };
  const advance = (ms: number) => {
    const end = now + ms;
    for (;;) {
      const due = [...timers.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      timers.delete(due[0]);
      now = due[1].at;
      due[1].fn();
    }
    now = end;
  };
  return { clock, advance, pending: () => timers.size, armed: () => nextId };
}

const quote = (code: string, time: number): QuotePush => ({
  Id: 1,
  Code: code,
  Bid: 1.1,
  Ask: 1.2,
  Open: 1.1,
  Close: 1.1,
  High: 1.2,
  Low: 1,
  Change: 0,
  MarketStatus: 1,
  Time: time,
});

describe('watchStaleness', () => {
  it('pauses when quotes stop and resumes at the first fresh one', () => {
    const { clock, advance, pending } = manualClock(T0);
    applyQuotePushes([quote('STALE1', 100)], clock.now());
    const watch = watchStaleness('STALE1', true, { clock, maxAgeMs: STALE_QUOTE_MS });
    const seen: boolean[] = [];
    const off = watch.subscribe(() => seen.push(watch.get()));
    expect(watch.get()).toBe(false);

    // Ticks every second keep it fresh.
    for (let i = 1; i <= 8; i += 1) {
      advance(1_000);
      applyQuotePushes([quote('STALE1', 100 + i)], clock.now());
    }
    expect(seen).toEqual([]);

    // The feed stops: stale once the age has passed, not before.
    advance(STALE_QUOTE_MS);
    expect(watch.get()).toBe(false);
    advance(1);
    expect(watch.get()).toBe(true);
    expect(seen).toEqual([true]);

    // A board repeating the last quote (same Time) is no fresh price.
    applyQuotePushes([quote('STALE1', 108)], clock.now());
    expect(watch.get()).toBe(true);

    // A newer quote ends the pause at once.
    advance(30_000);
    applyQuotePushes([quote('STALE1', 200)], clock.now());
    expect(watch.get()).toBe(false);
    expect(seen).toEqual([true, false]);

    off();
    expect(pending()).toBe(0);
  });

  it('counts a newer quote from a refetched trade list', () => {
    const { clock, advance } = manualClock(T0);
    const watch = watchStaleness('STALE2', true, { clock, maxAgeMs: STALE_QUOTE_MS });
    const off = watch.subscribe(() => {});
    advance(STALE_QUOTE_MS + 1);
    expect(watch.get()).toBe(true);
    seedQuotes(
      [
        {
          Code: 'STALE2',
          MarketStatus: 1,
          ForexQuotations: { Open: 1, Close: 1, Change: 0, Bid: 1, Ask: 1.1, High: 1, Low: 1, Time: 500 },
        } as Parameters<typeof seedQuotes>[0][number],
      ],
      clock.now(),
    );
    expect(watch.get()).toBe(false);
    off();
  });

  it('keeps one timer however fast the quotes come', () => {
    const { clock, advance, pending, armed } = manualClock(T0);
    const watch = watchStaleness('STALE4', true, { clock, maxAgeMs: STALE_QUOTE_MS });
    const off = watch.subscribe(() => {});
    const before = armed();
    // 50 quotes a second for 4 s: no timer per quote.
    for (let i = 1; i <= 200; i += 1) {
      advance(20);
      applyQuotePushes([quote('STALE4', 1_000 + i)], clock.now());
    }
    expect(armed() - before).toBe(0);
    expect(pending()).toBe(1);
    // The timer fires at the first age limit, finds a fresh quote and waits from it: the
    // pause still comes exactly STALE_QUOTE_MS after the last quote, not before.
    advance(STALE_QUOTE_MS);
    expect(watch.get()).toBe(false);
    advance(1);
    expect(watch.get()).toBe(true);
    off();
    expect(pending()).toBe(0);
  });

  it('leaves a closed market alone and sets no timer', () => {
    const { clock, advance, pending } = manualClock(T0);
    const watch = watchStaleness('STALE3', false, { clock, maxAgeMs: STALE_QUOTE_MS });
    const off = watch.subscribe(() => {});
    expect(pending()).toBe(0);
    advance(600_000);
    expect(watch.get()).toBe(false);
    off();
  });
});

describe('maxQuoteAgeOf', () => {
  it('is the pair’s MaxQuoteAge, or STALE_QUOTE_MS from a list without one', () => {
    expect(maxQuoteAgeOf({ MaxQuoteAge: 15_000 })).toBe(15_000);
    expect(maxQuoteAgeOf({ MaxQuoteAge: 5_000 })).toBe(5_000);
    expect(maxQuoteAgeOf({} as { MaxQuoteAge: number })).toBe(STALE_QUOTE_MS);
    expect(maxQuoteAgeOf({ MaxQuoteAge: 0 })).toBe(STALE_QUOTE_MS);
  });
});

describe('watchStaleness with the pair’s MaxQuoteAge', () => {
  it('a 15 s instrument stays live through a 10 s lull, pauses past 15 s, resumes at the next quote', () => {
    const { clock, advance } = manualClock(T0);
    applyQuotePushes([quote('SLOW1', 100)], clock.now());
    const watch = watchStaleness('SLOW1', true, { clock, maxAgeMs: 15_000 });
    const fast = watchStaleness('SLOW1', true, { clock, maxAgeMs: 5_000 });
    const offSlow = watch.subscribe(() => {});
    const offFast = fast.subscribe(() => {});
    advance(10_000);
    // The same silence: past a 5 s limit, within a 15 s one.
    expect(fast.get()).toBe(true);
    expect(watch.get()).toBe(false);
    advance(5_000);
    expect(watch.get()).toBe(false);
    advance(1);
    expect(watch.get()).toBe(true);
    applyQuotePushes([quote('SLOW1', 101)], clock.now());
    expect([watch.get(), fast.get()]).toEqual([false, false]);
    offSlow();
    offFast();
  });
});

describe('a screen watching again', () => {
  it('gives the quotes their age again when it is shown after a while hidden', () => {
    const { clock, advance } = manualClock(T0);
    applyQuotePushes([quote('AGAIN1', 100)], clock.now());
    const watch = watchStaleness('AGAIN1', true, { clock, maxAgeMs: 5_000 });
    const seen: boolean[] = [];
    const off = watch.subscribe(() => seen.push(watch.get()));
    // Hidden (the subscription ends) for a minute while no quote reached this screen.
    off();
    advance(60_000);
    const offAgain = watch.subscribe(() => seen.push(watch.get()));
    expect(watch.get()).toBe(false);
    advance(5_000);
    expect(watch.get()).toBe(false);
    advance(1);
    expect(watch.get()).toBe(true);
    expect(seen).toEqual([true]);
    offAgain();
  });
});
