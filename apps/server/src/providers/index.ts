/** The liquidity provider's sessions this process holds (docs/market-data.md "Connecting a provider"). */
export { ProviderSessions } from './provider-sessions.js';
export type { ProviderSessionsDeps } from './provider-sessions.js';
export { FAILOVER_STALE_MS } from './fix-market-data.js';
