import { adminDeskEndpoint, type OperatorRole } from '@pipwise/shared';
import type { OperatorPrincipal } from '../../../core/caller.js';
import type { Core } from '../../../core/index.js';
import type { MarketModule } from '../../market/index.js';
import type { TradingModule } from '../../trading/index.js';
import { OperatorSessions } from '../operators/operator-sessions.js';
import { DeskFeed, type DeskFeedOptions } from './desk-feed.js';
import { DeskService } from './desk.service.js';

/**
 * What the operator socket (realtime/desk-socket.ts) stands on: the desk's live feed, the
 * operators' sessions — the same check as the back office's HTTP API (operator-guard.ts) —
 * and the roles that may watch the desk (those of GET /api/admin/desk).
 */
export interface OperatorDesk {
  feed: DeskFeed;
  sessions: { resolve(token: string | undefined): Promise<OperatorPrincipal | null> };
  roles: readonly OperatorRole[];
}

/** What the desk reads: the database, settings and clock, the quotes, the shared valuation. */
export interface DeskModuleDeps {
  core: Core;
  market: Pick<MarketModule, 'service'>;
  trading: Pick<TradingModule, 'valuation'>;
}

/** The desk's service (the back office's HTTP API and the operator socket build one each). */
export function createDeskService(deps: DeskModuleDeps): DeskService {
  const { db, settings, now } = deps.core;
  return new DeskService({
    db,
    settings,
    now,
    market: deps.market.service,
    valuation: deps.trading.valuation,
  });
}

export function createOperatorDesk(deps: DeskModuleDeps, options: DeskFeedOptions = {}): OperatorDesk {
  const { db, settings, now } = deps.core;
  return {
    feed: new DeskFeed(createDeskService(deps), options),
    sessions: new OperatorSessions(db, settings, now),
    roles: adminDeskEndpoint.operator ?? [],
  };
}
