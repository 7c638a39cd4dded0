/** Instruments, quotes, market hours, the feeds and the candles (docs/market-data.md). */
export { createCandles, createMarketModule, registerMarketModuleRoutes } from './market.module.js';
export type { MarketDeps, MarketModule } from './market.module.js';
export { MarketService } from './market.service.js';
export type { BackfillOptions } from './candles/backfill.js';
export type { CandlePublisher, CandleService } from './candles/candle.service.js';
export { SimulatorFeed } from './feed.js';
export type { FeedAdapter } from './feed.js';
export type { Instrument } from './instrument.js';
export { tradingDayStart } from './market-hours.js';
export type { SimTick } from './simulator.js';
export { InstrumentAdminService } from './admin/instrument-admin.service.js';
export { registerInstrumentAdminRoutes } from './admin/instrument-admin.routes.js';
