import {
  adminDeleteFixSourceEndpoint,
  adminFixSourcesEndpoint,
  adminSaveFixSourceEndpoint,
} from '@pipwise/shared';
import type { FastifyInstance } from 'fastify';
import { registerAdminEndpoint } from '../../../http/admin-endpoint.js';
import { Success } from '../../../http/route.js';
import type { FixSourceAdminService } from './fix-source-admin.service.js';

/** The provider connections on the feeds page (docs/market-data.md "Connecting a provider"). */
export function registerFixSourceAdminRoutes(
  app: FastifyInstance,
  sources: FixSourceAdminService,
  now: () => number,
): void {
  registerAdminEndpoint(app, adminFixSourcesEndpoint, now, () => sources.list());
  registerAdminEndpoint(
    app,
    adminSaveFixSourceEndpoint,
    now,
    async (input, call) => new Success(await sources.save(input, call.audit), 'admin.saved'),
  );
  registerAdminEndpoint(
    app,
    adminDeleteFixSourceEndpoint,
    now,
    async ({ slot }, call) => new Success(await sources.delete(slot, call.audit), 'admin.deleted'),
  );
}
