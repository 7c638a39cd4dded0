import type { FastifyInstance } from 'fastify';
import { registerAnnouncementRoutes } from './announcement.routes.js';
import type { ContentModule } from './content-module.js';
import { registerContentRoutes } from './content.routes.js';
import { registerFeedbackRoutes } from './feedback.routes.js';
import { registerFollowTraderRoutes } from './follow-trader.routes.js';
import { registerNewsRoutes } from './news.routes.js';
import { registerSupportRoutes } from './support.routes.js';

/** The traders' content calls: each registrar gets only its own service. */
export function registerContentModuleRoutes(app: FastifyInstance, cms: ContentModule): void {
  registerContentRoutes(app, cms.site);
  registerNewsRoutes(app, cms.news);
  registerAnnouncementRoutes(app, cms.announcements);
  registerFollowTraderRoutes(app, cms.traders);
  registerFeedbackRoutes(app, cms.feedback);
  registerSupportRoutes(app, cms.support);
}
