import { announcementEndpoint } from '@pipwise/shared';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/route.js';
import type { AnnouncementService } from './announcement.service.js';

export function registerAnnouncementRoutes(app: FastifyInstance, announcements: AnnouncementService): void {
  registerEndpoint(app, announcementEndpoint, (_input, request) => announcements.get(request.lang));
}
