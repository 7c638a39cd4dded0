import { points, type Points } from '../math/units.js';

/**
 * A markup widens a spread (docs/execution.md "Markups", docs/trading-groups.md "Markup"):
 * `floor(m/2)` points come off the bid and the rest goes on the ask, so the spread grows by
 * exactly `m` and is never narrower than the one it widens. The instrument's markup is
 * applied to the feed; a trading group's markup is applied on top, per order.
 */
export function markupHalves(markup: number): { bid: number; ask: number } {
  const bid = Math.floor(markup / 2);
  return { bid, ask: markup - bid };
}

/** A quote in points widened by `markup` points. */
export function widenedPoints<T extends { bid: Points; ask: Points }>(quote: T, markup: number): T {
  if (markup === 0) return quote;
  const half = markupHalves(markup);
  return { ...quote, bid: points(quote.bid - half.bid), ask: points(quote.ask + half.ask) };
}

/**
 * A quote in decimal prices (as the board shows them) widened by `markup` points, exactly and
 * without the decimal library (the app's first screen does not load it): a price with at most
 * `precision` decimals times 10^precision is within a few ulps of its whole number of points,
 * which `Math.round` recovers, and an integer divided by a power of ten is the double nearest
 * the exact decimal — what the decimal library's `pointsToPrice` gives too.
 */
export function widenedPrices(
  quote: { bid: number; ask: number },
  markup: number,
  precision: number,
): { bid: number; ask: number } {
  if (markup === 0) return quote;
  const half = markupHalves(markup);
  const scale = 10 ** precision;
  const at = (value: number, shift: number) => (Math.round(value * scale) + shift) / scale;
  return { bid: at(quote.bid, -half.bid), ask: at(quote.ask, half.ask) };
}

/** The price a position on `side` (1 buy, 2 sell) closes at: a buy sells at the bid. */
export function closingPoints(quote: { bid: Points; ask: Points }, side: 1 | 2, markup: number): Points {
  const q = widenedPoints(quote, markup);
  return side === 1 ? q.bid : q.ask;
}

/** The price an order on `side` (1 buy, 2 sell) opens at: a buy pays the ask. */
export function openingPoints(quote: { bid: Points; ask: Points }, side: 1 | 2, markup: number): Points {
  const q = widenedPoints(quote, markup);
  return side === 1 ? q.ask : q.bid;
}

/**
 * A price as the account sees it on one side of the quote, moved to where the board's quote
 * shows it: on the bid `floor(m/2)` higher, on the ask the rest lower. The engine keeps an
 * order's trigger levels there (one price-ordered book per side serves every markup), and the
 * exposure sums keep open prices there (`valuedOpenPoints`).
 */
export function onBoard(level: Points, bidSide: boolean, markup: number): Points {
  if (markup === 0) return level;
  const half = markupHalves(markup);
  return points(bidSide ? level + half.bid : level - half.ask);
}

/**
 * The open price at which the board's quote values a position as its own widened quote
 * would: a buy closing at bid − floor(m/2) from `openPrice` makes what it would from
 * `openPrice + floor(m/2)` at the bid; a sell closing at ask + the rest, what it would from
 * `openPrice − the rest` at the ask. Sums over positions (the engine's exposure) stay exact.
 */
export function valuedOpenPoints(p: { side: 1 | 2; openPrice: Points; groupMarkup: number }): Points {
  // A buy closes on the bid, a sell on the ask.
  return onBoard(p.openPrice, p.side === 1, p.groupMarkup);
}
