import { adminImageEndpoint } from '@pipwise/shared';
import type { FastifyInstance } from 'fastify';
import { registerAdminBinaryRoute } from '../../../http/admin-endpoint.js';
import type { AdminImageService } from './admin-image.service.js';

/** GET /api/admin/image?name= — the private images operators review. */
export function registerAdminImageRoute(
  app: FastifyInstance,
  images: AdminImageService,
  now: () => number,
): void {
  registerAdminBinaryRoute(
    app,
    adminImageEndpoint,
    async ({ name }, call, reply) => {
      const image = await images.read(call.operator, name);
      return reply
        .type(image.mime)
        .header('cache-control', 'private')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        .send(image.bytes);
    },
    now,
  );
}
