import { type Dec } from './decimal.js';
import { usdPerUnit, type QuoteLookup } from './rates.js';
import { finite } from './validate.js';

// Quote helpers the ticket's figures share (not exported from the package): a quote book
// with one instrument moved (the ticket's "what if"), an instrument's spread, and a USD rate
// that must exist. Kept in one place so every family reads quotes the same way.

/** A quote lookup where one instrument's quote is replaced (the ticket's "what if"). */
export function withQuote(quotes: QuoteLookup, code: string, bid: Dec, ask: Dec): QuoteLookup {
  return (c) => (c === code ? { bid, ask } : quotes(c));
}

/** The instrument's current spread (ask − bid), in price. */
export function spreadOf(quotes: QuoteLookup, code: string): Dec {
  const q = quotes(code);
  if (!q) throw new RangeError(`no quote for ${code}`);
  return finite('ask', q.ask).minus(finite('bid', q.bid));
}

/** USD per unit of a currency, or RangeError when no quote gives it. */
export function rate(currency: string, quotes: QuoteLookup): Dec {
  const value = usdPerUnit({ currency, quotes });
  if (!value) throw new RangeError(`no USD rate for ${currency}`);
  return value;
}
