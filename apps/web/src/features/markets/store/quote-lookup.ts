import type { QuoteLookup } from '@pipwise/shared';
import { getQuote } from './quotes-store';

/**
 * The live quotes as the shared math reads them (`instrumentRates`, `usdPerUnit`): the
 * current bid and ask of a pair code, or undefined before a price is known.
 */
export const lookupQuote: QuoteLookup = (code) => {
  const q = getQuote(code);
  return q && q.Bid > 0 && q.Ask > 0 ? { bid: q.Bid, ask: q.Ask } : undefined;
};
