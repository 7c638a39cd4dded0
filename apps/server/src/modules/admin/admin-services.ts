import type { Services } from '../../services.js';
import { ContentAdminService } from './content/content-admin.service.js';
import { ChannelAdminService } from './channels/channel-admin.service.js';
import { DashboardService } from './dashboard/dashboard.service.js';
import { FundsReviewService } from './funds/funds-review.service.js';
import { IdentityReviewService } from './identity/identity-review.service.js';
import { InstrumentAdminService } from './instruments/instrument-admin.service.js';
import { OperatorAuthService } from './operators/operator-auth.service.js';
import { OperatorSessions } from './operators/operator-sessions.js';
import { OperatorService } from './operators/operator.service.js';
import { SettingsAdminService } from './settings/settings-admin.service.js';
import { AdminUserService } from './users/admin-user.service.js';

/** The back office's services, built on the server's (modules/admin/admin.plugin.ts). */
export interface AdminServices {
  sessions: OperatorSessions;
  auth: OperatorAuthService;
  operators: OperatorService;
  dashboard: DashboardService;
  users: AdminUserService;
  funds: FundsReviewService;
  identity: IdentityReviewService;
  instruments: InstrumentAdminService;
  channels: ChannelAdminService;
  settings: SettingsAdminService;
  content: ContentAdminService;
}

export function createAdminServices(services: Services): AdminServices {
  const { db, now } = services;
  const sessions = new OperatorSessions(db, services.settings, now);
  return {
    sessions,
    auth: new OperatorAuthService({
      db,
      sessions,
      throttle: services.throttle,
      captchas: services.captchas,
      settings: services.settings,
      now,
    }),
    operators: new OperatorService(db, sessions, now),
    dashboard: new DashboardService(db, services.market, now),
    users: new AdminUserService({
      db,
      accounts: services.accounts,
      transactions: services.transactions,
      sessions: services.sessions,
      market: services.market,
    }),
    funds: new FundsReviewService(db, services.deposits, services.withdrawals),
    identity: new IdentityReviewService(db, services.identity),
    instruments: new InstrumentAdminService(db, () => services.instrumentsChanged()),
    channels: new ChannelAdminService(db),
    settings: new SettingsAdminService(db, services.settings),
    content: new ContentAdminService(db, services.cms),
  };
}
