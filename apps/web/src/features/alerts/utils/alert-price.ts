import type { AlertDirection } from '@pipwise/shared';
import { isDecimalText } from '@/lib/decimal-text';

/**
 * The alert sheet's price arithmetic, in whole points of the pair (10^-precision), so a
 * step never shows a float's tail ("1.0834999999"): a price field holds decimal text, the
 * steppers move it one point, and the direction compares it with the market's bid.
 */

const scale = (precision: number) => 10 ** Math.min(Math.max(Math.trunc(precision), 0), 10);

/** A price as whole points of the pair (rounded to the nearest point). */
export function toPoints(price: number, precision: number): number {
  return Math.round(price * scale(precision));
}

/** Points back to the price's plain text at the pair's decimals ("1.08340"); no grouping. */
export function pointsText(points: number, precision: number): string {
  const digits = Math.min(Math.max(Math.trunc(precision), 0), 10);
  return (points / scale(precision)).toFixed(digits);
}

/** A price as the field starts with it: the pair's decimals, no grouping ("1.08340"). */
export function priceText(price: number, precision: number): string {
  return pointsText(toPoints(price, precision), precision);
}

/** The typed price, when it is a price (> 0): else null. */
export function typedPrice(text: string): number | null {
  const value = text.trim();
  if (!isDecimalText(value)) return null;
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : null;
}

/**
 * The field's price moved `by` points (±1 for the steppers); from the bid when nothing is
 * typed. Never below one point.
 */
export function stepPrice(text: string, by: number, precision: number, bid: number | undefined): string {
  const from = typedPrice(text) ?? bid;
  if (from === undefined) return text;
  return pointsText(Math.max(toPoints(from, precision) + by, 1), precision);
}

/**
 * Which way the alert watches when the trader has not chosen: a price above the bid waits
 * for the bid to rise to it, one below for it to fall. At the bid itself (the field starts
 * there) or before a bid is known: `fallback`.
 */
export function defaultDirection(
  price: number | null,
  bid: number | undefined,
  precision: number,
  fallback: AlertDirection = 'above',
): AlertDirection {
  if (price === null || bid === undefined) return fallback;
  const diff = toPoints(price, precision) - toPoints(bid, precision);
  return diff > 0 ? 'above' : diff < 0 ? 'below' : fallback;
}

/** How far the price is from the bid, in percent of the bid; null when either is unknown. */
export function distancePercent(price: number | null, bid: number | undefined): number | null {
  if (price === null || bid === undefined || !(bid > 0)) return null;
  return ((price - bid) / bid) * 100;
}

/**
 * The decimal text the server takes: the typed price without a trailing point ("1." → "1");
 * null when it is no price.
 */
export function priceToSend(text: string): string | null {
  if (typedPrice(text) === null) return null;
  const value = text.trim();
  const plain = value.endsWith('.') ? value.slice(0, -1) : value;
  return plain.startsWith('.') ? `0${plain}` : plain;
}
