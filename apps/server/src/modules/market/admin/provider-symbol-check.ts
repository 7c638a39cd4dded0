import { ResultCode, type MarketSession } from '@pipwise/shared';
import { AppError } from '../../../core/app-error.js';
import { defaultProviderSymbol, PROVIDER_SYMBOL, providerSymbolOf } from '../fix/provider-symbol.js';
import type { InstrumentRow } from './instrument-admin.repository.js';

/** What the symbol mapping (fix/provider-symbol.ts) needs of a stored row. */
const symbolSource = (row: InstrumentRow) => ({
  code: row.code,
  baseCurrency: row.base_currency,
  quoteCurrency: row.quote_currency,
  session: row.session as MarketSession,
  providerSymbol: row.provider_symbol,
});

/** The symbol the provider is asked for when an operator sets none. */
export const defaultSymbolOf = (row: InstrumentRow): string => defaultProviderSymbol(symbolSource(row));

/**
 * Refuses a provider symbol the FIX session could not use: one that is not a plain symbol
 * (the server's one rule, PROVIDER_SYMBOL), or one another instrument already maps to, by
 * its override or by default — a quote or a fill under it could not say whose it is, and
 * the feed would refuse to start (providerSymbols). Every instrument counts, open or closed:
 * reopening one must not create a clash. `symbol` null is the instrument's default.
 */
export function checkProviderSymbol(all: readonly InstrumentRow[], id: number, symbol: string | null): void {
  if (symbol !== null && !PROVIDER_SYMBOL.test(symbol))
    throw new AppError(ResultCode.InvalidParams, 'errors.provider_symbol_invalid', {
      field: 'provider_symbol',
    });
  const self = all.find((r) => r.id === id);
  if (!self) return;
  const wanted = providerSymbolOf({ ...symbolSource(self), providerSymbol: symbol });
  const owner = all.find((r) => r.id !== id && providerSymbolOf(symbolSource(r)) === wanted);
  if (owner)
    throw AppError.rule('errors.provider_symbol_taken', {
      field: 'provider_symbol',
      symbol: wanted,
      code: owner.code,
    });
}
