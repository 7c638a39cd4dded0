import { adminBooksStatusEndpoint, adminDashboardEndpoint } from '@pipwise/shared';
import type { FastifyInstance } from 'fastify';
import { registerAdminEndpoint, requireOperatorAccess } from '../../http/admin-endpoint.js';
import { registerAdminUserRoutes } from '../auth/index.js';
import { registerContentAdminRoutes } from '../content/index.js';
import { registerIdentityReviewRoutes } from '../identity/index.js';
import {
  registerFeedAdminRoutes,
  registerFixSourceAdminRoutes,
  registerHistoryAdminRoutes,
  registerInstrumentAdminRoutes,
} from '../market/index.js';
import { registerExecutionAdminRoutes, registerGroupAdminRoutes } from '../trading/index.js';
import { registerChannelAdminRoutes, registerFundsReviewRoutes } from '../wallet/index.js';
import { createAdminServices, type AdminDeps } from './admin-services.js';
import { registerAuditRoutes } from './audit/audit.routes.js';
import { registerDeskRoutes } from './desk/desk.routes.js';
import { registerAdminImageRoute } from './images/admin-image.routes.js';
import { operatorGuard } from './operator-guard.js';
import { registerOperatorRoutes } from './operators/operator.routes.js';
import { registerOutboxRoutes } from './outbox/outbox.routes.js';
import { registerReportRoutes } from './reports/reports.routes.js';
import { registerSettingsAdminRoutes } from './settings/settings-admin.routes.js';

export type AdminPluginOptions = AdminDeps;

/**
 * The back office's API (`/api/admin/...`, docs/api.md "Back office API") as one
 * encapsulated Fastify plugin: its hook checks the operator session and the endpoint's
 * roles for every route registered here, and a route that does not name its roles is
 * refused when the plugin is built. Trader sessions open nothing here.
 */
export async function adminPlugin(app: FastifyInstance, deps: AdminPluginOptions): Promise<void> {
  const admin = createAdminServices(deps);
  const { now } = deps.core;
  app.decorateRequest('operator', null);
  app.addHook('onRoute', requireOperatorAccess);
  app.addHook('preHandler', operatorGuard(admin.sessions));

  registerOperatorRoutes(app, { auth: admin.auth, operators: admin.operators, now });
  registerAdminEndpoint(app, adminDashboardEndpoint, now, () => admin.dashboard.read());
  registerAdminEndpoint(app, adminBooksStatusEndpoint, now, () => deps.books.status());
  registerAdminUserRoutes(app, admin.users, now);
  registerFundsReviewRoutes(app, admin.funds, now);
  registerIdentityReviewRoutes(app, admin.identity, now);
  registerAdminImageRoute(app, admin.images, now);
  registerInstrumentAdminRoutes(app, admin.instruments, now);
  registerExecutionAdminRoutes(app, admin.executions, now);
  registerGroupAdminRoutes(app, deps.trading.groups, now);
  registerFeedAdminRoutes(app, admin.feeds, now);
  registerFixSourceAdminRoutes(app, admin.fixSources, now);
  registerHistoryAdminRoutes(app, admin.history, now);
  registerChannelAdminRoutes(app, admin.channels, now);
  registerContentAdminRoutes(app, admin.content, now);
  registerSettingsAdminRoutes(app, admin.settings, now);
  registerOutboxRoutes(app, admin.outbox, now);
  registerAuditRoutes(app, admin.auditLog, now);
  registerReportRoutes(app, admin.reports, now);
  registerDeskRoutes(app, admin.desk, now);
  await Promise.resolve();
}
