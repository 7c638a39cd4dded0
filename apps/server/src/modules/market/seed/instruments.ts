import type { MarketSession, SwapTerms } from '@pipwise/shared';

/**
 * The instruments a new installation starts with: real-world contract sizes, price
 * precision, lot rules, leverage lists and typical retail spreads. Operators change them
 * later in the back office. Start prices are late-2026 levels; volatility is annualised.
 * Crosses are priced from their two USD legs, so every rate the math converts with agrees.
 */
export interface SeedCategory {
  id: number;
  nameKey: string;
  sort: number;
}

export interface SeedInstrument {
  id: number;
  code: string;
  showCode: string;
  categoryId: number;
  base: string;
  quote: string;
  session: MarketSession;
  precision: number;
  lotStep: string;
  minLots: string;
  contractSize: string;
  leverages: number[];
  /** USD per lot when trade_fee_type is 1 (the default). */
  feeRate: string;
  spreadPoints: number;
  sim: SimParams;
}

/**
 * How old a quote may be before nothing is priced from it (docs/market-data.md "Fresh
 * prices"): 24/7 crypto ticks continuously, 5 s; session markets thin out at the edges of
 * their sessions, 15 s. Migration 0013 gives existing installations the same values.
 */
export function defaultMaxQuoteAgeMs(session: MarketSession): number {
  return session === 'crypto' ? 5_000 : 15_000;
}

/**
 * How far an A-book order may fill from its quote, points: two spreads, so it scales with the
 * market (2 pips on EUR/USD, $60 on BTC/USD) — an operator sets each instrument's own.
 */
export function defaultMaxSlippagePoints(spreadPoints: number): number {
  return 2 * spreadPoints;
}

/**
 * The overnight financing an instrument starts with (docs/money.md "Overnight financing
 * (swap)"), typical of retail brokers by market: currencies in points per lot, triple on
 * Wednesday; metals in percent a year, triple on Wednesday; index and energy CFDs in percent
 * a year, triple on Friday; crypto in percent a year every day. Operators set each pair's own.
 * Migration 0023 gives existing installations the same.
 */
export function defaultSwapTerms(session: MarketSession): SwapTerms & { long: string; short: string } {
  switch (session) {
    case 'forex':
      return { long: '-6.5', short: '1.2', unit: 'points', tripleDay: 'wednesday' };
    case 'metals':
      return { long: '-6', short: '2', unit: 'percent_per_year', tripleDay: 'wednesday' };
    case 'indices':
      return { long: '-5.5', short: '1.5', unit: 'percent_per_year', tripleDay: 'friday' };
    case 'energy':
      return { long: '-4', short: '-2', unit: 'percent_per_year', tripleDay: 'friday' };
    case 'crypto':
      return { long: '-20', short: '-10', unit: 'percent_per_year', tripleDay: 'none' };
  }
}

/** A random walk from `start`, or a cross priced as the product of legs^power. */
export type SimParams = { start: number; volatility: number } | { legs: { code: string; power: 1 | -1 }[] };

export const SEED_CATEGORIES: SeedCategory[] = [
  { id: 1, nameKey: 'category.forex_major', sort: 1 },
  { id: 2, nameKey: 'category.forex_cross', sort: 2 },
  { id: 3, nameKey: 'category.metals', sort: 3 },
  { id: 4, nameKey: 'category.indices', sort: 4 },
  { id: 5, nameKey: 'category.energy', sort: 5 },
  { id: 6, nameKey: 'category.crypto', sort: 6 },
];

const FX_LEVERAGE = [50, 100, 200, 500];
const fx = (
  id: number,
  base: string,
  quote: string,
  precision: number,
  spreadPoints: number,
  sim: SimParams,
  categoryId = 1,
): SeedInstrument => ({
  id,
  code: base + quote,
  showCode: `${base}/${quote}`,
  categoryId,
  base,
  quote,
  session: 'forex',
  precision,
  lotStep: '0.01',
  minLots: '0.01',
  contractSize: '100000',
  leverages: FX_LEVERAGE,
  feeRate: '7',
  spreadPoints,
  sim,
});
const leg = (code: string, power: 1 | -1 = 1) => ({ code, power });

export const SEED_INSTRUMENTS: SeedInstrument[] = [
  // Forex majors: 100,000 units a lot; 5 decimals, 3 for the yen.
  fx(1, 'EUR', 'USD', 5, 10, { start: 1.158, volatility: 0.07 }),
  fx(2, 'GBP', 'USD', 5, 14, { start: 1.3125, volatility: 0.08 }),
  fx(3, 'USD', 'JPY', 3, 14, { start: 155.2, volatility: 0.09 }),
  fx(4, 'USD', 'CHF', 5, 15, { start: 0.8035, volatility: 0.075 }),
  fx(5, 'AUD', 'USD', 5, 12, { start: 0.6495, volatility: 0.09 }),
  fx(6, 'USD', 'CAD', 5, 16, { start: 1.4015, volatility: 0.06 }),
  fx(7, 'NZD', 'USD', 5, 18, { start: 0.5665, volatility: 0.095 }),
  // Crosses, priced from their USD legs.
  fx(8, 'EUR', 'GBP', 5, 15, { legs: [leg('EURUSD'), leg('GBPUSD', -1)] }, 2),
  fx(9, 'EUR', 'JPY', 3, 20, { legs: [leg('EURUSD'), leg('USDJPY')] }, 2),
  fx(10, 'GBP', 'JPY', 3, 28, { legs: [leg('GBPUSD'), leg('USDJPY')] }, 2),
  fx(11, 'AUD', 'JPY', 3, 22, { legs: [leg('AUDUSD'), leg('USDJPY')] }, 2),
  fx(12, 'EUR', 'CHF', 5, 20, { legs: [leg('EURUSD'), leg('USDCHF')] }, 2),
  fx(13, 'EUR', 'AUD', 5, 25, { legs: [leg('EURUSD'), leg('AUDUSD', -1)] }, 2),
  fx(14, 'GBP', 'CHF', 5, 30, { legs: [leg('GBPUSD'), leg('USDCHF')] }, 2),
  // Metals: gold 100 oz a lot, silver 5,000 oz.
  {
    id: 15,
    code: 'XAUUSD',
    showCode: 'XAU/USD',
    categoryId: 3,
    base: 'XAU',
    quote: 'USD',
    session: 'metals',
    precision: 2,
    lotStep: '0.01',
    minLots: '0.01',
    contractSize: '100',
    leverages: [20, 50, 100, 200],
    feeRate: '10',
    spreadPoints: 30,
    sim: { start: 4085, volatility: 0.16 },
  },
  {
    id: 16,
    code: 'XAGUSD',
    showCode: 'XAG/USD',
    categoryId: 3,
    base: 'XAG',
    quote: 'USD',
    session: 'metals',
    precision: 3,
    lotStep: '0.01',
    minLots: '0.01',
    contractSize: '5000',
    leverages: [20, 50, 100],
    feeRate: '10',
    spreadPoints: 30,
    sim: { start: 50.8, volatility: 0.28 },
  },
  // Index CFDs: one unit of the index's currency per point and lot.
  ...(
    [
      [17, 'US30', 'Dow Jones 30', 'USD', 2.0, 47250, 0.15],
      [18, 'SPX500', 'S&P 500', 'USD', 0.5, 6680, 0.16],
      [19, 'NAS100', 'Nasdaq 100', 'USD', 1.5, 24700, 0.2],
      [20, 'GER40', 'DAX 40', 'EUR', 1.5, 23400, 0.17],
      [21, 'UK100', 'FTSE 100', 'GBP', 1.0, 9610, 0.13],
      [22, 'JPN225', 'Nikkei 225', 'JPY', 10, 49800, 0.2],
    ] as const
  ).map(([id, code, showCode, quote, spread, start, volatility]): SeedInstrument => ({
    id,
    code,
    showCode,
    categoryId: 4,
    base: code,
    quote,
    session: 'indices',
    precision: 1,
    lotStep: '0.1',
    minLots: '0.1',
    contractSize: '1',
    leverages: [20, 50, 100],
    feeRate: '2',
    spreadPoints: Math.round(spread * 10),
    sim: { start, volatility },
  })),
  // Energy: WTI and Brent 1,000 barrels a lot, natural gas 10,000 MMBtu.
  {
    id: 23,
    code: 'USOIL',
    showCode: 'WTI Crude',
    categoryId: 5,
    base: 'WTI',
    quote: 'USD',
    session: 'energy',
    precision: 2,
    lotStep: '0.01',
    minLots: '0.01',
    contractSize: '1000',
    leverages: [10, 20, 50, 100],
    feeRate: '8',
    spreadPoints: 4,
    sim: { start: 58.6, volatility: 0.34 },
  },
  {
    id: 24,
    code: 'UKOIL',
    showCode: 'Brent Crude',
    categoryId: 5,
    base: 'BRENT',
    quote: 'USD',
    session: 'energy',
    precision: 2,
    lotStep: '0.01',
    minLots: '0.01',
    contractSize: '1000',
    leverages: [10, 20, 50, 100],
    feeRate: '8',
    spreadPoints: 4,
    sim: { start: 62.4, volatility: 0.32 },
  },
  {
    id: 25,
    code: 'NGAS',
    showCode: 'Natural Gas',
    categoryId: 5,
    base: 'NGAS',
    quote: 'USD',
    session: 'energy',
    precision: 3,
    lotStep: '0.01',
    minLots: '0.01',
    contractSize: '10000',
    leverages: [10, 20, 50],
    feeRate: '8',
    spreadPoints: 8,
    sim: { start: 4.35, volatility: 0.6 },
  },
  // Crypto CFDs: one coin a lot, open around the clock.
  ...(
    [
      [26, 'BTC', 'Bitcoin', 2, 3000, 87500, 0.55, '0.01'],
      [27, 'ETH', 'Ethereum', 2, 250, 2950, 0.7, '0.01'],
      [28, 'SOL', 'Solana', 2, 10, 138, 0.85, '0.1'],
      [29, 'XRP', 'Ripple', 4, 20, 2.21, 0.8, '10'],
      [30, 'LTC', 'Litecoin', 2, 8, 86, 0.75, '0.1'],
    ] as const
  ).map(([id, coin, , precision, spreadPoints, start, volatility, lot]): SeedInstrument => ({
    id,
    code: `${coin}USD`,
    showCode: `${coin}/USD`,
    categoryId: 6,
    base: coin,
    quote: 'USD',
    session: 'crypto',
    precision,
    lotStep: lot,
    minLots: lot,
    contractSize: '1',
    leverages: [2, 5, 10, 20],
    feeRate: coin === 'BTC' ? '20' : '2',
    spreadPoints,
    sim: { start, volatility },
  })),
];
