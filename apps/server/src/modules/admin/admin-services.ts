import type { AdminBooksStatus } from '@pipwise/shared';
import type { Core } from '../../core/index.js';
import { AdminUserService, userContacts, type AuthModule } from '../auth/index.js';
import { ContentAdminService, type ContentModule } from '../content/index.js';
import { IdentityReviewService, latestIdentityStatuses, type IdentityService } from '../identity/index.js';
import {
  FeedAdminService,
  FixSourceAdminService,
  HistoryAdminService,
  InstrumentAdminService,
  type MarketModule,
} from '../market/index.js';
import { OutboxService, type AnnouncementBroadcasts } from '../notify/index.js';
import { countLiveOrdersByInstrument, ExecutionAdminService, type TradingModule } from '../trading/index.js';
import type { UploadService } from '../uploads/index.js';
import { ChannelAdminService, FundsReviewService, type WalletModule } from '../wallet/index.js';
import { AuditLogService } from './audit/audit-log.service.js';
import { DashboardService } from './dashboard/dashboard.service.js';
import { AdminImageService } from './images/admin-image.service.js';
import { OperatorAuthService } from './operators/operator-auth.service.js';
import { OperatorSessions } from './operators/operator-sessions.js';
import { operatorEmails } from './operators/operator.repository.js';
import { OperatorService } from './operators/operator.service.js';
import { SettingsAdminService } from './settings/settings-admin.service.js';
import { ReportsService } from './reports/reports.service.js';
import type { DeskService } from './desk/desk.service.js';
import { createDeskService } from './desk/operator-desk.js';

/**
 * The back office's services (modules/admin/admin.plugin.ts): its own (operators, audit,
 * dashboard, settings, images) and each module's back-office service, built from its face.
 */
export interface AdminServices {
  sessions: OperatorSessions;
  auth: OperatorAuthService;
  operators: OperatorService;
  dashboard: DashboardService;
  users: AdminUserService;
  funds: FundsReviewService;
  identity: IdentityReviewService;
  images: AdminImageService;
  instruments: InstrumentAdminService;
  executions: ExecutionAdminService;
  feeds: FeedAdminService;
  fixSources: FixSourceAdminService;
  history: HistoryAdminService;
  channels: ChannelAdminService;
  settings: SettingsAdminService;
  content: ContentAdminService;
  outbox: OutboxService;
  auditLog: AuditLogService;
  /** The operators' reports over the books (docs/reports.md). */
  reports: ReportsService;
  /** The dealing desk (docs/dealing-desk.md). */
  desk: DeskService;
}

/** What the back office works on: each of the modules it reviews or configures. */
export interface AdminDeps {
  core: Core;
  market: Pick<MarketModule, 'service' | 'instrumentsChanged' | 'sources'>;
  auth: Pick<AuthModule, 'sessions' | 'throttle' | 'captchas'>;
  trading: Pick<TradingModule, 'accounts' | 'valuation' | 'groups'>;
  wallet: Pick<WalletModule, 'deposits' | 'withdrawals'>;
  identity: IdentityService;
  content: ContentModule;
  /** The announcement sent to the traders' inboxes (recorded here, fanned out by a job). */
  broadcasts: AnnouncementBroadcasts;
  uploads: UploadService;
  /** The server's own check of the books (ops/books-monitor.ts): the banner reads it. */
  books: { status(): AdminBooksStatus };
}

export function createAdminServices(deps: AdminDeps): AdminServices {
  const { db, now, settings, transactions } = deps.core;
  const sessions = new OperatorSessions(db, settings, now);
  return {
    sessions,
    auth: new OperatorAuthService({
      db,
      sessions,
      throttle: deps.auth.throttle,
      captchas: deps.auth.captchas,
      settings,
      now,
    }),
    operators: new OperatorService(db, sessions, now),
    dashboard: new DashboardService(db, deps.market.service, now),
    users: new AdminUserService({
      db,
      accounts: deps.trading.accounts,
      transactions,
      sessions: deps.auth.sessions,
      market: deps.market.service,
      identityStatuses: latestIdentityStatuses,
    }),
    funds: new FundsReviewService(db, deps.wallet.deposits, deps.wallet.withdrawals),
    identity: new IdentityReviewService(db, deps.identity),
    images: new AdminImageService(db, deps.uploads),
    instruments: new InstrumentAdminService(
      db,
      () => deps.market.instrumentsChanged(),
      countLiveOrdersByInstrument,
    ),
    executions: new ExecutionAdminService(db, userContacts, operatorEmails, now),
    feeds: new FeedAdminService(deps.market.service, () => deps.market.sources.tradeSession(), now),
    fixSources: new FixSourceAdminService(deps.market.sources, deps.market.service, now),
    history: new HistoryAdminService(db, now),
    channels: new ChannelAdminService(db),
    settings: new SettingsAdminService(db, settings),
    content: new ContentAdminService(db, deps.content, deps.broadcasts, operatorEmails),
    outbox: new OutboxService(db),
    auditLog: new AuditLogService(db),
    reports: new ReportsService(db, (id) => deps.market.service.instrument(id)?.code),
    desk: createDeskService(deps),
  };
}
