import { STALE_QUOTE_MS, type TradePair } from '@pipwise/shared';
import { quoteArrivedAt, subscribeQuoteArrival } from './quotes-store';

/**
 * Trading pauses while prices are stale (docs/api.md "Live socket", "Fresh prices"): an
 * open market whose instrument has had no new quote for its `MaxQuoteAge` — the age the
 * operators set per instrument, past which the server refuses to price from a quote
 * (`errors.prices_not_live`) — cannot be bought or sold from this screen until a fresh
 * quote arrives, and the board shows its price as not live. Closed markets keep their own
 * "closed" state. Times are this device's clock (quotes-store.ts records arrivals), never
 * compared with the server's: a phone whose clock is off still judges right.
 */
export interface StalenessInput {
  marketOpen: boolean;
  /** When the instrument's newest quote arrived; undefined before any. */
  lastQuoteAt: number | undefined;
  /**
   * When the screen started watching the instrument: the first quote is given the same
   * time to arrive, so opening a screen does not flash a pause before the first tick.
   */
  watchingSince: number;
  now: number;
  /** The instrument's `MaxQuoteAge` (maxQuoteAgeOf). */
  maxAgeMs: number;
}

/**
 * How old the pair's newest quote may be before it is no longer live, ms: its `MaxQuoteAge`,
 * or STALE_QUOTE_MS from a list that does not carry one (a server before that field).
 */
export function maxQuoteAgeOf(pair: Pick<TradePair, 'MaxQuoteAge'>): number {
  const age: unknown = pair.MaxQuoteAge;
  return typeof age === 'number' && Number.isFinite(age) && age > 0 ? age : STALE_QUOTE_MS;
}

export interface Staleness {
  stale: boolean;
  /** In how many ms the verdict turns stale if no quote arrives; null when it cannot by itself. */
  recheckInMs: number | null;
}

export function priceStaleness({
  marketOpen,
  lastQuoteAt,
  watchingSince,
  now,
  maxAgeMs,
}: StalenessInput): Staleness {
  if (!marketOpen) return { stale: false, recheckInMs: null };
  const since = lastQuoteAt === undefined ? watchingSince : Math.max(lastQuoteAt, watchingSince);
  const age = now - since;
  if (age > maxAgeMs) return { stale: true, recheckInMs: null };
  return { stale: false, recheckInMs: maxAgeMs - age + 1 };
}

/** Time and timers, injectable so the watch can be driven by a test's clock. */
export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface StalenessWatch {
  /** Whether trading is paused for stale prices now. */
  get: () => boolean;
  /** Calls `onChange` when that flips: a timer for the age, the store for new quotes. */
  subscribe: (onChange: () => void) => () => void;
}

/** One instrument's staleness as an external store (for useSyncExternalStore). */
export function watchStaleness(
  code: string,
  marketOpen: boolean,
  { clock = systemClock, maxAgeMs }: { clock?: Clock; maxAgeMs: number },
): StalenessWatch {
  // Restarted at each subscribe: a screen shown again (the home board kept alive while
  // hidden) gives the quotes their age again rather than flashing "not live" at once.
  let watchingSince = clock.now();
  const verdict = () =>
    priceStaleness({
      marketOpen,
      lastQuoteAt: quoteArrivedAt(code),
      watchingSince,
      now: clock.now(),
      maxAgeMs,
    });
  let stale = verdict().stale;
  return {
    get: () => stale,
    subscribe(onChange) {
      let timer: unknown = null;
      const check = () => {
        if (timer !== null) clock.clearTimeout(timer);
        timer = null;
        const next = verdict();
        if (next.recheckInMs !== null) timer = clock.setTimeout(check, next.recheckInMs);
        if (next.stale === stale) return;
        stale = next.stale;
        onChange();
      };
      // A quote arriving while fresh changes nothing now: the timer already armed re-checks
      // from the newest arrival when it fires (one timer, not one per tick). While stale, a
      // quote ends the pause at once.
      const off = subscribeQuoteArrival(code, () => {
        if (stale || timer === null) check();
      });
      watchingSince = clock.now();
      check();
      return () => {
        off();
        if (timer !== null) clock.clearTimeout(timer);
      };
    },
  };
}
