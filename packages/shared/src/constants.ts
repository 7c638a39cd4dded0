/** Business constants of docs/product.md §9, shared by server and app. */

/** Seconds the "get code" button counts down before it can be used again. */
export const CODE_RESEND_SECONDS = 60;
/** The client pings the live socket this often. */
export const WS_HEARTBEAT_MS = 5_000;
/** The client reconnects once more than this many pings are unanswered. */
export const WS_MAX_MISSED_PONGS = 2;
/** A socket that is not open within this time is given up and retried. */
export const WS_CONNECT_TIMEOUT_MS = 5_000;
/** Trading pauses when an open market's instrument has had no new quote for this long. */
export const STALE_QUOTE_MS = 5_000;
/** Pull-to-refresh closes after this delay. */
export const PULL_REFRESH_CLOSE_MS = 500;
/** The company choice cookie lives this many years. */
export const COMPANY_COOKIE_YEARS = 3;
/** The trading day (and its candles) use New York time; the day starts at 17:00 there. */
export const MARKET_TIMEZONE = 'America/New_York';
export const TRADING_DAY_START_HOUR = 17;
/** Displayed decimals (docs/product.md §9). */
export const BALANCE_DECIMALS = 2;
export const PROFIT_DECIMALS = 6;
export const MARGIN_DECIMALS = 6;
