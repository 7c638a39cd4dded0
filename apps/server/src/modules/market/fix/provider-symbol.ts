import type { MarketSession } from '@pipwise/shared';
import { defaultMaxJump } from './quote-guard.js';

/** What the mapping needs of an instrument (an `Instrument` has all of it). */
export interface SymbolSource {
  code: string;
  baseCurrency: string;
  quoteCurrency: string;
  session: MarketSession;
}

/**
 * A provider's Symbol (55) as this server accepts it, in a request or an override: printable,
 * no spaces, no `=` or `|` (they would confuse a FIX log), 1-32 characters.
 */
export const PROVIDER_SYMBOL = /^[A-Za-z0-9/._:#+-]{1,32}$/;

/**
 * The symbol a liquidity provider most likely quotes an instrument under: currencies and
 * metals as BASE/QUOTE (`EURUSD` → `EUR/USD`, `XAUUSD` → `XAU/USD`), everything else —
 * indices, energy, crypto — by its own code. A currency or metal whose code is not its base
 * and quote run together keeps its code too: there is no slash to put anywhere sure.
 */
export function defaultProviderSymbol(inst: SymbolSource): string {
  const slashed = inst.session === 'forex' || inst.session === 'metals';
  if (slashed && inst.code === `${inst.baseCurrency}${inst.quoteCurrency}` && inst.baseCurrency !== '')
    return `${inst.baseCurrency}/${inst.quoteCurrency}`;
  return inst.code;
}

/** An instrument's provider symbol: the operator's, else the default. */
export function providerSymbolOf(inst: SymbolSource & { providerSymbol: string | null }): string {
  return inst.providerSymbol ?? defaultProviderSymbol(inst);
}

/**
 * Each instrument's provider symbol: an operator's override by code where one is given,
 * otherwise the default. Refuses an override for a code that is not an instrument, a symbol
 * that is not a plain one, and two instruments under one symbol (a quote could not say
 * whose it is).
 */
export function providerSymbols(
  instruments: readonly SymbolSource[],
  overrides: ReadonlyMap<string, string> = new Map(),
): Map<string, string> {
  const codes = new Set(instruments.map((i) => i.code));
  for (const code of overrides.keys())
    if (!codes.has(code)) throw new RangeError(`provider symbol for ${code}: no such instrument`);
  const byCode = new Map<string, string>();
  const owner = new Map<string, string>();
  for (const inst of instruments) {
    const symbol = overrides.get(inst.code) ?? defaultProviderSymbol(inst);
    if (!PROVIDER_SYMBOL.test(symbol))
      throw new RangeError(
        `provider symbol for ${inst.code} is not a plain symbol: ${JSON.stringify(symbol)}`,
      );
    const other = owner.get(symbol);
    if (other !== undefined) throw new RangeError(`${other} and ${inst.code} both map to ${symbol}`);
    owner.set(symbol, inst.code);
    byCode.set(inst.code, symbol);
  }
  return byCode;
}

/** What the FIX feed needs of an instrument to quote it (fix-feed-types.ts `FixInstrument`). */
export interface FixInstrumentSource extends SymbolSource {
  id: number;
  precision: number;
}

/**
 * The FIX feed's instruments: each with its provider symbol (override or default) and the
 * absurd-jump limit of its market.
 */
export function fixInstrumentsOf(
  instruments: readonly FixInstrumentSource[],
  overrides?: ReadonlyMap<string, string>,
): { id: number; code: string; symbol: string; precision: number; maxJump: number }[] {
  const symbols = providerSymbols(instruments, overrides);
  return instruments.map((i) => ({
    id: i.id,
    code: i.code,
    symbol: symbols.get(i.code)!,
    precision: i.precision,
    maxJump: defaultMaxJump(i.session),
  }));
}
