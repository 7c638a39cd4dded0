import { adminFeedStatusEndpoint } from '@pipwise/shared';
import type { FastifyInstance } from 'fastify';
import { registerAdminEndpoint } from '../../../http/admin-endpoint.js';
import type { FeedAdminService } from './feed-admin.service.js';

/** The feeds page's one read (docs/market-data.md "Back office"). */
export function registerFeedAdminRoutes(
  app: FastifyInstance,
  feeds: FeedAdminService,
  now: () => number,
): void {
  registerAdminEndpoint(app, adminFeedStatusEndpoint, now, () => feeds.status());
}
