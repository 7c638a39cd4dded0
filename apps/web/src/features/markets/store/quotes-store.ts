import { widenedPrices, type QuotePush, type TradePair } from '@pipwise/shared';
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

/** What is shown and priced from: the market's quote widened by the account's group markup. */
const quotes = new Map<string, LiveQuote>();
const listeners = new Map<string, Set<() => void>>();

/**
 * The market's own quotes as they arrived, the account's group markup per pair (points) and
 * each pair's price precision (from the trade list): a logged-in account deals at the
 * market's bid less floor(m/2) points and its ask plus the rest (docs/trading-groups.md
 * "Markup"), so that is the price every screen shows and the ticket computes from. Candles
 * stay the market's.
 */
const market = new Map<string, LiveQuote>();
const markups = new Map<string, number>();
const precisions = new Map<string, number>();

/** A market quote as the account sees it (itself when the pair has no markup). */
function shown(code: string, q: LiveQuote): LiveQuote {
  const markup = markups.get(code);
  const precision = precisions.get(code);
  if (!markup || precision === undefined) return q;
  const { bid, ask } = widenedPrices({ bid: q.Bid, ask: q.Ask }, markup, precision);
  return { ...q, Bid: bid, Ask: ask, Close: bid };
}

/**
 * The newest quote `Time` known per pair and when, on this device's clock, it arrived: how
 * long prices have stood still (store/price-staleness.ts). Only a newer `Time` counts, so
 * a board repeating old quotes (a feed that stopped) does not pass for a fresh price, and
 * the server's clock is never compared with this one.
 */
const arrivals = new Map<string, { time: number; at: number }>();
const arrivalListeners = new Map<string, Set<() => void>>();

function noteArrival(code: string, time: number, at: number): void {
  const prev = arrivals.get(code);
  if (prev && prev.time >= time) return;
  arrivals.set(code, { time, at });
  for (const fn of arrivalListeners.get(code) ?? []) fn();
}

function set(code: string, raw: LiveQuote, receivedAt: number): void {
  noteArrival(code, raw.Time, receivedAt);
  const prev = quotes.get(code);
  // Older than what we show (a slow list response after a push): keep the newer one.
  if (prev && prev.Time > raw.Time) return;
  market.set(code, raw);
  show(code, shown(code, raw));
}

/** Shows `next` for the pair, telling its listeners when it differs from what was shown. */
function show(code: string, next: LiveQuote): void {
  const prev = quotes.get(code);
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
  if (frameListeners.has(code)) drawSoon(code);
}

/**
 * Listeners that draw a quote (subscribeQuoteFrames): told of the pairs that moved since
 * the last draw, all in the same animation frame callback — one React commit for the
 * components among them — however many ticks arrived in between.
 */
const frameListeners = new Map<string, Set<() => void>>();
const movedSinceDraw = new Set<string>();
let drawPending = false;
let lastDrawAt = -Infinity;

/**
 * Shown prices are redrawn at most this often, ms: ten times a second is more than an eye
 * reads digits, and each redraw costs the page a layout and a paint besides the chart's
 * own (docs/benchmarks.md "Live rendering"). The first move after a quiet spell is drawn
 * in the next frame.
 */
export const QUOTE_DRAW_MS = 100;

// No frames to wait for outside a browser (tests without a DOM): a macrotask stands in.
const requestFrame = (fn: () => void): unknown =>
  typeof requestAnimationFrame === 'function' ? requestAnimationFrame(fn) : setTimeout(fn, 16);

function drawSoon(code: string): void {
  movedSinceDraw.add(code);
  if (drawPending) return;
  drawPending = true;
  const draw = () =>
    requestFrame(() => {
      drawPending = false;
      lastDrawAt = Date.now();
      const moved = [...movedSinceDraw];
      movedSinceDraw.clear();
      for (const c of moved) for (const fn of frameListeners.get(c) ?? []) fn();
    });
  const wait = lastDrawAt + QUOTE_DRAW_MS - Date.now();
  if (wait > 0) setTimeout(draw, wait);
  else draw();
}

/** Takes the quotes a fresh trade list carries. */
export function seedQuotes(pairs: readonly TradePair[], receivedAt = Date.now()): void {
  for (const p of pairs) {
    const known = precisions.get(p.Code);
    precisions.set(p.Code, p.PricePrecision);
    const q = p.ForexQuotations;
    set(
      p.Code,
      {
        Bid: q.Bid,
        Ask: q.Ask,
        Close: q.Close,
        Change: q.Change,
        MarketStatus: p.MarketStatus,
        Time: q.Time,
      },
      receivedAt,
    );
    // A push came before the list told the pair's precision, and the list's quote is older:
    // the push's quote is shown again, widened now.
    if (known !== p.PricePrecision && markups.has(p.Code)) {
      const raw = market.get(p.Code);
      if (raw) show(p.Code, shown(p.Code, raw));
    }
  }
}

/** Takes a DAY_MARKET push. */
export function applyQuotePushes(pushes: readonly QuotePush[], receivedAt = Date.now()): void {
  for (const q of pushes) {
    set(
      q.Code,
      {
        Bid: q.Bid,
        Ask: q.Ask,
        Close: q.Close,
        Change: q.Change,
        MarketStatus: q.MarketStatus,
        Time: q.Time,
      },
      receivedAt,
    );
  }
}

/**
 * The account's group markup per pair (points; a pair left out has none): from its trading
 * conditions once logged in, none after logout. The pairs whose markup changed are shown
 * again at once, from the market's last quote.
 */
export function setQuoteMarkups(next: readonly { code: string; markup: number }[]): void {
  const wanted = new Map(next.filter((m) => m.markup > 0).map((m) => [m.code, m.markup]));
  const changed = new Set<string>();
  for (const code of new Set([...markups.keys(), ...wanted.keys()]))
    if (markups.get(code) !== wanted.get(code)) changed.add(code);
  if (changed.size === 0) return;
  markups.clear();
  for (const [code, markup] of wanted) markups.set(code, markup);
  for (const code of changed) {
    const raw = market.get(code);
    if (raw) show(code, shown(code, raw));
  }
}

/** When (this device's clock) the pair's newest quote arrived; undefined before any. */
export function quoteArrivedAt(code: string): number | undefined {
  return arrivals.get(code)?.at;
}

/** Calls `fn` whenever a newer quote of this pair arrives, moved or not. */
export function subscribeQuoteArrival(code: string, fn: () => void): () => void {
  let fns = arrivalListeners.get(code);
  if (!fns) arrivalListeners.set(code, (fns = new Set()));
  fns.add(fn);
  return () => {
    fns.delete(fn);
    if (fns.size === 0) arrivalListeners.delete(code);
  };
}

/** The current quote of a pair (outside React). */
export function getQuote(code: string): LiveQuote | undefined {
  return quotes.get(code);
}

/**
 * The market's own live bids, before any group markup: what price alerts watch
 * (docs/notifications.md "What an alert watches: the market's bid"), for the alert sheet.
 * A market move is a move of the shown quote too, so its listeners serve.
 */
export const marketBids = {
  bid: (code: string): number | undefined => market.get(code)?.Bid,
  subscribe: (code: string, fn: () => void): (() => void) => subscribeQuote(code, fn),
};

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

/**
 * Calls `fn` in an animation frame when this pair's quote changed, at most every
 * QUOTE_DRAW_MS: for what shows a price (while the page is hidden, not at all). Ticks can
 * come far faster (50 a second in docs/benchmarks.md "Live rendering").
 */
export function subscribeQuoteFrames(code: string, fn: () => void): () => void {
  let fns = frameListeners.get(code);
  if (!fns) frameListeners.set(code, (fns = new Set()));
  fns.add(fn);
  return () => {
    fns.delete(fn);
    if (fns.size === 0) frameListeners.delete(code);
  };
}

/** One pair's live quote, or undefined before the list or a push brought one. */
export function useLiveQuote(code: string): LiveQuote | undefined {
  const sub = useCallback((fn: () => void) => subscribeQuote(code, fn), [code]);
  const get = useCallback(() => quotes.get(code), [code]);
  return useSyncExternalStore(sub, get, get);
}

/** What a component may read off a quote: a value compared with `===` between renders. */
type QuoteValue = string | number | boolean | null | undefined;

/**
 * One value read off a pair's live quote (its bid, whether its market is open): the
 * caller re-renders only when that value changes, not on every tick of the pair. The
 * trade screen reads the price where it is shown, so a tick redraws a price, not a screen
 * (docs/benchmarks.md "Live rendering"). `select` should be a function defined once (at
 * module level): a new one each render costs React an effect per render. `perFrame`: a
 * value only shown is read when prices are drawn (subscribeQuoteFrames); a state that
 * decides what may be done (the market open) is read as soon as it changes.
 */
export function useLiveQuoteValue<T extends QuoteValue>(
  code: string,
  select: (quote: LiveQuote | undefined) => T,
  { perFrame = false }: { perFrame?: boolean } = {},
): T {
  const sub = useCallback(
    (fn: () => void) => (perFrame ? subscribeQuoteFrames : subscribeQuote)(code, fn),
    [code, perFrame],
  );
  const get = useCallback(() => select(quotes.get(code)), [code, select]);
  return useSyncExternalStore(sub, get, get);
}
