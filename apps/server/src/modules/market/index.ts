/** Instruments, quotes, market hours, the feeds and the candles (docs/market-data.md). */
export { seedMarketIfEmpty } from './seed/market-seed.js';
export { createCandles, createMarketModule, registerMarketModuleRoutes } from './market.module.js';
export type { MarketDeps, MarketModule } from './market.module.js';
export { MarketService } from './market.service.js';
export type { BackfillOptions } from './candles/backfill.js';
export type { CandlePublisher, CandleService } from './candles/candle.service.js';
export { SimulatorFeed } from './feed.js';
export type { FeedAdapter } from './feed.js';
export type { FeedSourceStatus, FeedStatus, FeedSwitch, SourceRole } from './feed-status.js';
export { simulatorFeedStatus } from './feed-status.js';
export type { ExecutionMode, Instrument } from './instrument.js';
export { EXECUTION_MODES, markedUp, markupOnSide } from './instrument.js';
export { nyClock, tradingDayStart } from './market-hours.js';
export { instrumentLabels } from './instrument-label.repository.js';
export type { InstrumentLabel } from './instrument-label.repository.js';
export { categoryNames } from './category-label.repository.js';
export type { CategoryNames } from './category-label.repository.js';
export type { SimTick } from './simulator.js';
export { InstrumentAdminService } from './admin/instrument-admin.service.js';
export { registerInstrumentAdminRoutes } from './admin/instrument-admin.routes.js';
export { FeedAdminService } from './admin/feed-admin.service.js';
export { registerFeedAdminRoutes } from './admin/feed-admin.routes.js';
export { FixSourceAdminService } from './admin/fix-source-admin.service.js';
export { registerFixSourceAdminRoutes } from './admin/fix-source-admin.routes.js';
export { FixSourceService } from './sources/fix-source.service.js';
export type { FixSourceReach } from './sources/fix-source.service.js';
export type { FixSource } from './sources/fix-source.js';
export { sessionKey } from './sources/fix-source.js';
export { databaseSequences } from './sources/fix-sequence.repository.js';
export type { SequenceMedium } from './fix/seq-store.js';
export { HistoryAdminService } from './admin/history-admin.service.js';
export { registerHistoryAdminRoutes } from './admin/history-admin.routes.js';
export { importHistory } from './history/history-import.js';
export type { HistoryImportInput, HistoryImportResult } from './history/history-import.js';
export { HISTORY_FORMATS, isHistoryFormat } from './history/formats.js';
export type { HistoryFormat } from './history/formats.js';
export type { BadLine, BadLineCode, BadLineParams } from './history/fields.js';
export { describeBadLines } from './history/bad-lines.js';
export { fileLines } from './history/lines.js';
export { DEFAULT_MAX_JUMP } from './history/line-parser.js';
export { ReplayFeed } from './history/replay-feed.js';
export { createReplayFeed, instrumentOfFileName, ReplayFileError } from './history/replay-source.js';
export type { ReplaySource } from './history/replay-source.js';
export { FixFeed } from './fix/fix-feed.js';
export { FailoverFeed } from './fix/failover-feed.js';
export type {
  FixFeedOptions,
  FixFeedStatus,
  FixInstrument,
  FixInstrumentState,
  FixInstrumentStatus,
  FixSessionState,
  TradeSessionStatus,
} from './fix/fix-feed-types.js';
export {
  COMP_ID,
  describeEndpoint,
  FIX_URL_FORM,
  fixCredentials,
  FixUrlError,
  parseFixUrl,
} from './fix/fix-url.js';
export type { FixEndpoint } from './fix/fix-url.js';
export {
  defaultProviderSymbol,
  fixInstrumentsOf,
  providerSymbolOf,
  providerSymbols,
} from './fix/provider-symbol.js';
export { DROP_REASONS } from './fix/quote-guard.js';
export type { DropReason } from './fix/quote-guard.js';
export { seedLpInstruments, startLpSimulator } from './fix/lp.js';
export { BAD_QUOTES } from './fix/lp-types.js';
export type { BadQuote, LpInstrument, LpLogon, LpSimulatorOptions } from './fix/lp-types.js';
export type { LpSimulator } from './fix/lp-simulator.js';
export type { LpExecutionSettings, LpFill } from './fix/lp-execution.js';
export { FixTradeClient } from './fix/trade-client.js';
export type { ExecutionVenue, VenueOrder, VenueOutcome } from './fix/trade-types.js';
