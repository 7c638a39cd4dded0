import { price, type QuoteLookup } from '@pipwise/shared';
import { getQuote } from './quotes-store';

/**
 * The live quotes as the shared math reads them (`instrumentRates`, `usdPerUnit`): the
 * current bid and ask of a pair code, or undefined before a price is known. Where the
 * socket's prices enter the math, so they are branded `Price` here.
 */
export const lookupQuote: QuoteLookup = (code) => {
  const q = getQuote(code);
  return q && q.Bid > 0 && q.Ask > 0 ? { bid: price(q.Bid), ask: price(q.Ask) } : undefined;
};
