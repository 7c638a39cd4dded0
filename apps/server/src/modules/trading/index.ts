/** Orders, positions, account figures and the engine (docs/money.md). */
export { createTradingModule, registerTradingModuleRoutes } from './trading.module.js';
export type { TradingModule } from './trading.module.js';
export { figuresDto, figuresOf } from './account-figures.js';
export type { Figures } from './account-figures.js';
export type { AccountService } from './account.service.js';
export { nextEpoch } from './engine-lease.repository.js';
export { startEngineUpkeep } from './engine-upkeep.js';
export type { TradingEngine } from './engine.js';
export { toOrderDto } from './order.dto.js';
export type { Valuation } from './valuation.js';
export { countLiveOrdersByInstrument, listAllOpenPositions, hasOpenPosition } from './order.repository.js';
export { pageOrdersTradedBetween, userOrdersByIds } from './order.repository.js';
export type { OrderRow } from './order.repository.js';
export { ExecutionAdminService } from './a-book/execution-admin.service.js';
export type { ContactLookup, OperatorLookup, TraderContact } from './a-book/execution-admin.service.js';
export { registerExecutionAdminRoutes } from './a-book/execution-admin.routes.js';
export { countFillsSince, countProviderWork, listDeskPositions } from './desk-book.repository.js';
export type { DeskPosition, FillCount, ProviderWork } from './desk-book.repository.js';
