import { adminDashboardEndpoint } from '@pipwise/shared';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services.js';
import { createAdminServices } from './admin-services.js';
import { operatorGuard, registerAdminEndpoint, requireOperatorAccess } from './admin-route.js';
import { registerAuditRoutes } from './audit/audit.routes.js';
import { registerChannelAdminRoutes } from './channels/channel-admin.routes.js';
import { registerContentAdminRoutes } from './content/content-admin.routes.js';
import { registerFundsReviewRoutes } from './funds/funds-review.routes.js';
import { registerIdentityReviewRoutes } from './identity/identity-review.routes.js';
import { registerAdminImageRoute } from './images/admin-image.routes.js';
import { registerInstrumentAdminRoutes } from './instruments/instrument-admin.routes.js';
import { registerOperatorRoutes } from './operators/operator.routes.js';
import { registerOutboxRoutes } from './outbox/outbox.routes.js';
import { registerSettingsAdminRoutes } from './settings/settings-admin.routes.js';
import { registerAdminUserRoutes } from './users/admin-user.routes.js';

export interface AdminPluginOptions {
  services: Services;
}

/**
 * The back office's API (`/api/admin/...`, docs/api.md "Back office API") as one
 * encapsulated Fastify plugin: its hook checks the operator session and the endpoint's
 * roles for every route registered here, and a route that does not name its roles is
 * refused when the plugin is built. Trader sessions open nothing here.
 */
export async function adminPlugin(app: FastifyInstance, { services }: AdminPluginOptions): Promise<void> {
  const admin = createAdminServices(services);
  const { now } = services;
  app.decorateRequest('operator', null);
  app.addHook('onRoute', requireOperatorAccess);
  app.addHook('preHandler', operatorGuard(admin.sessions));

  registerOperatorRoutes(app, { auth: admin.auth, operators: admin.operators, now });
  registerAdminEndpoint(app, adminDashboardEndpoint, now, () => admin.dashboard.read());
  registerAdminUserRoutes(app, admin.users, now);
  registerFundsReviewRoutes(app, admin.funds, now);
  registerIdentityReviewRoutes(app, admin.identity, now);
  registerAdminImageRoute(app, { db: services.db, uploads: services.uploads, now });
  registerInstrumentAdminRoutes(app, admin.instruments, now);
  registerChannelAdminRoutes(app, admin.channels, now);
  registerContentAdminRoutes(app, admin.content, now);
  registerSettingsAdminRoutes(app, admin.settings, now);
  registerOutboxRoutes(app, services.db, now);
  registerAuditRoutes(app, services.db, now);
  await Promise.resolve();
}
