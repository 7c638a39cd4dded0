/** Candle periods of docs/product.md §9, in the order of the period bar. */
export const PERIODS = ['1min', '5min', '15min', '30min', '60min', '4hour', '1day', '1week'] as const;
export type Period = (typeof PERIODS)[number];

/**
 * Nominal seconds in each period. 4hour, 1day and 1week follow the New York trading day
 * from 17:00, so around a daylight-saving change one of them is an hour shorter or longer
 * (docs/market-data.md "Candle periods").
 */
export const PERIOD_SECONDS: Record<Period, number> = {
  '1min': 60,
  '5min': 300,
  '15min': 900,
  '30min': 1_800,
  '60min': 3_600,
  '4hour': 14_400,
  '1day': 86_400,
  '1week': 604_800,
};

/** `MarketStatus` of a pair: 1 open, 0 closed. */
export const MarketStatus = { Closed: 0, Open: 1 } as const;
export type MarketStatusValue = (typeof MarketStatus)[keyof typeof MarketStatus];

/** `MarginMode` of a pair: 1 fixed margin per lot (no leverage choice), 0 leveraged. */
export const MarginMode = { Leveraged: 0, Fixed: 1 } as const;

/** Which trading hours an instrument keeps; see the market-hours module of the server. */
export const MARKET_SESSIONS = ['forex', 'metals', 'indices', 'energy', 'crypto'] as const;
export type MarketSession = (typeof MARKET_SESSIONS)[number];
