import type { MarketSession } from './market.js';

/**
 * Retail leverage caps by asset class (ESMA's product intervention, since 2018): a retail
 * group may offer at most these; a professional group is exempt. Operators may adjust the
 * table per jurisdiction (issue 20); these are the defaults and the classes they key on.
 */
export const ASSET_CLASSES = [
  'fx_major',
  'fx_other',
  'gold',
  'index_major',
  'commodity_other',
  'index_other',
  'share',
  'crypto',
] as const;
export type AssetClass = (typeof ASSET_CLASSES)[number];

/** The most leverage (x:1) a retail client may be given, by class. */
export const ESMA_RETAIL_CAPS: Readonly<Record<AssetClass, number>> = {
  fx_major: 30,
  fx_other: 20,
  gold: 20,
  index_major: 20,
  commodity_other: 10,
  index_other: 10,
  share: 5,
  crypto: 2,
};

/** ESMA's major currencies: a pair of two of them is a major pair. */
const MAJOR_CURRENCIES: ReadonlySet<string> = new Set(['USD', 'EUR', 'JPY', 'GBP', 'CAD', 'CHF']);

/**
 * ESMA's major indices, by the codes brokers commonly give them (FTSE 100, CAC 40, DAX,
 * Dow Jones, S&P 500, Nasdaq 100 and Composite, Nikkei 225, ASX 200, Euro Stoxx 50). An
 * operator sets the class of an index named otherwise.
 */
const MAJOR_INDICES: ReadonlySet<string> = new Set([
  'UK100',
  'FRA40',
  'GER30',
  'GER40',
  'US30',
  'SPX500',
  'US500',
  'NAS100',
  'USTEC',
  'JPN225',
  'AUS200',
  'EUSTX50',
  'EU50',
]);

/**
 * The class an instrument falls in unless an operator says otherwise: by its market and,
 * for currencies, both currencies; for metals, gold or not; for indices, the list above.
 */
export function defaultAssetClass(instrument: {
  code: string;
  session: MarketSession;
  baseCurrency: string;
  quoteCurrency: string;
}): AssetClass {
  switch (instrument.session) {
    case 'forex':
      return MAJOR_CURRENCIES.has(instrument.baseCurrency) && MAJOR_CURRENCIES.has(instrument.quoteCurrency)
        ? 'fx_major'
        : 'fx_other';
    case 'metals':
      return instrument.baseCurrency === 'XAU' ? 'gold' : 'commodity_other';
    case 'indices':
      return MAJOR_INDICES.has(instrument.code.toUpperCase()) ? 'index_major' : 'index_other';
    case 'energy':
      return 'commodity_other';
    case 'crypto':
      return 'crypto';
  }
}

/**
 * The leverage choices a client may pick: those at or below the cap (none: a professional
 * group, every choice). Never empty while the instrument offers any: if every choice is
 * above the cap, the cap itself is the one choice left — the client can still trade.
 */
export function leveragesWithinCap(choices: readonly number[], cap: number | null): number[] {
  if (cap === null) return [...choices];
  const allowed = choices.filter((x) => x <= cap);
  return allowed.length > 0 || choices.length === 0 ? allowed : [cap];
}
