import { deleteDrawingEndpoint, listDrawingsEndpoint, saveDrawingEndpoint } from '@pipwise/shared';
import type { FastifyInstance } from 'fastify';
import { sessionOf } from '../../../http/auth-hook.js';
import { registerEndpoint } from '../../../http/route.js';
import type { DrawingService } from './drawing.service.js';

/** The caller's chart drawings (docs/chart.md "Drawings"): the session names the owner. */
export function registerDrawingRoutes(app: FastifyInstance, drawings: DrawingService): void {
  registerEndpoint(app, listDrawingsEndpoint, ({ forex_id }, request) =>
    drawings.list(sessionOf(request).userId, forex_id),
  );
  registerEndpoint(app, saveDrawingEndpoint, (input, request) =>
    drawings.save(sessionOf(request).userId, input),
  );
  registerEndpoint(app, deleteDrawingEndpoint, async ({ id }, request) => {
    await drawings.delete(sessionOf(request).userId, id);
    return {};
  });
}
