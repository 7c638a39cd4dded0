import { Dec, type DecimalInput } from './decimal.js';
import { type BidAsk } from './side.js';
import { type Price } from './units.js';
import { finite } from './validate.js';

/** The account currency every figure is converted to. */
export const ACCOUNT_CURRENCY = 'USD';

/** The current quote of an instrument by its code ("EURUSD"), or undefined when unknown. */
export type QuoteLookup = (code: string) => BidAsk | undefined;

/** Which side of a quote a conversion reads. `mid` = (bid + ask) / 2 is the default. */
export type RateSide = 'mid' | 'bid' | 'ask';

/** The chosen side of a quote: mid = (bid + ask) / 2, exact; undefined unless > 0. */
function sideOf(quote: BidAsk, side: RateSide): Dec | undefined {
  const bid = finite('bid', quote.bid);
  const ask = finite('ask', quote.ask);
  const value = side === 'bid' ? bid : side === 'ask' ? ask : bid.plus(ask).div(2);
  return value.gt(0) ? value : undefined;
}

/**
 * USD value of one unit of `currency`, from the current quotes:
 * - USD → 1;
 * - an `XXXUSD` quote exists → its `side` (default mid);
 * - a `USDXXX` quote exists → 1 / its `side` (default mid);
 * - otherwise undefined: the caller decides (the server refuses the order, the app hides
 *   the estimate). A quote with a non-positive side counts as missing.
 *
 * `side` names the side of the quote that is read, whichever way the pair is written.
 * Mid is used so that the rate does not depend on the trade's direction and the server and
 * the app, given the same tick, get the same number. 1 / x is computed to 40 significant
 * digits (the `Dec` precision) and never rounded before the final result.
 */
export function usdPerUnit({
  currency,
  quotes,
  side = 'mid',
}: {
  currency: string;
  quotes: QuoteLookup;
  side?: RateSide;
}): Dec | undefined {
  const code = currency.toUpperCase();
  if (code === ACCOUNT_CURRENCY) return new Dec(1);
  const direct = quotes(code + ACCOUNT_CURRENCY);
  if (direct) return sideOf(direct, side);
  const inverse = quotes(ACCOUNT_CURRENCY + code);
  if (inverse) {
    const value = sideOf(inverse, side);
    return value && new Dec(1).div(value);
  }
  return undefined;
}

/**
 * USD value of one unit of an instrument's base, at the instrument's `price`:
 * base USD → 1 exactly; otherwise price × quoteToUsd. So for XXX/USD it is the fill price
 * (the spec's margin formula), for USD/XXX 1, for a cross such as EURJPY
 * price × (1 / USDJPY), and for an index quoted in EUR price × EURUSD.
 */
export function baseToUsd({
  base,
  price,
  quoteToUsd,
}: {
  base: string;
  price: Price | Dec;
  quoteToUsd: DecimalInput;
}): Dec {
  if (base.toUpperCase() === ACCOUNT_CURRENCY) return new Dec(1);
  return finite('price', price).mul(finite('quoteToUsd', quoteToUsd));
}

/**
 * Both conversion rates of an instrument at `price`, read from the current quotes:
 * quoteToUsd = usdPerUnit(quote), baseToUsd = baseToUsd(base, price, quoteToUsd).
 * Undefined when the quote currency has no USD rate. The one path server and app share.
 */
export function instrumentRates({
  base,
  quote,
  price,
  quotes,
  side = 'mid',
}: {
  base: string;
  quote: string;
  price: Price | Dec;
  quotes: QuoteLookup;
  side?: RateSide;
}): { baseToUsd: Dec; quoteToUsd: Dec } | undefined {
  const quoteToUsd = usdPerUnit({ currency: quote, quotes, side });
  if (!quoteToUsd) return undefined;
  return { quoteToUsd, baseToUsd: baseToUsd({ base, price, quoteToUsd }) };
}
