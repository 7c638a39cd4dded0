import type { QuotePush, TradePair } from '@pipwise/shared';
import { useCallback, useSyncExternalStore } from 'react';

/**
 * Live quotes by pair code. Pushes arrive for every instrument about once a second;
 * keeping them here rather than rewriting the trade-list cache means each row listens
 * to its own code and only the rows whose quote moved re-render.
 */
export interface LiveQuote {
  /** The last bid; `Close` repeats it (the list's and the pushes' naming). */
  Bid: number;
  Ask: number;
  Close: number;
  Change: number;
  MarketStatus: 0 | 1;
  Time: number;
}

const quotes = new Map<string, LiveQuote>();
const listeners = new Map<string, Set<() => void>>();

function set(code: string, next: LiveQuote): void {
  const prev = quotes.get(code);
  // Older than what we show (a slow list response after a push): keep the newer one.
  if (prev && prev.Time > next.Time) return;
  if (
    prev &&
    prev.Close === next.Close &&
    prev.Ask === next.Ask &&
    prev.Change === next.Change &&
    prev.MarketStatus === next.MarketStatus
  ) {
    return;
  }
  quotes.set(code, next);
  for (const fn of listeners.get(code) ?? []) fn();
}

/** Takes the quotes a fresh trade list carries. */
export function seedQuotes(pairs: readonly TradePair[]): void {
  for (const p of pairs) {
    const q = p.ForexQuotations;
    set(p.Code, {
      Bid: q.Bid,
      Ask: q.Ask,
      Close: q.Close,
      Change: q.Change,
      MarketStatus: p.MarketStatus,
      Time: q.Time,
    });
  }
}

/** Takes a DAY_MARKET push. */
export function applyQuotePushes(pushes: readonly QuotePush[]): void {
  for (const q of pushes) {
    set(q.Code, {
      Bid: q.Bid,
      Ask: q.Ask,
      Close: q.Close,
      Change: q.Change,
      MarketStatus: q.MarketStatus,
      Time: q.Time,
    });
  }
}

/** The current quote of a pair (outside React). */
export function getQuote(code: string): LiveQuote | undefined {
  return quotes.get(code);
}

/** Calls `fn` whenever this pair's quote changes. */
export function subscribeQuote(code: string, fn: () => void): () => void {
  let fns = listeners.get(code);
  if (!fns) listeners.set(code, (fns = new Set()));
  fns.add(fn);
  return () => {
    fns.delete(fn);
    if (fns.size === 0) listeners.delete(code);
  };
}

/** One pair's live quote, or undefined before the list or a push brought one. */
export function useLiveQuote(code: string): LiveQuote | undefined {
  const sub = useCallback((fn: () => void) => subscribeQuote(code, fn), [code]);
  const get = useCallback(() => quotes.get(code), [code]);
  return useSyncExternalStore(sub, get, get);
}
