import { adminDeskEndpoint } from '@pipwise/shared';
import type { FastifyInstance } from 'fastify';
import { registerAdminEndpoint } from '../../../http/admin-endpoint.js';
import type { DeskService } from './desk.service.js';

/** GET /api/admin/desk: one snapshot of the dealing desk (docs/dealing-desk.md). */
export function registerDeskRoutes(app: FastifyInstance, desk: DeskService, now: () => number): void {
  registerAdminEndpoint(app, adminDeskEndpoint, now, (input) => desk.snapshot(input.tz));
}
