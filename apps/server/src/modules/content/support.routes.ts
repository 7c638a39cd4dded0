import { complaintEmailEndpoint } from '@pipwise/shared';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/route.js';
import type { SupportService } from './support.service.js';

export function registerSupportRoutes(app: FastifyInstance, support: SupportService): void {
  // Its own scope, so the header below is sent by this route only.
  void app.register(async (scope) => {
    // Spec §7 calls this on a separate host: any site may read the public address.
    scope.addHook('onSend', async (_request, reply) => {
      void reply.header('access-control-allow-origin', '*');
    });
    registerEndpoint(scope, complaintEmailEndpoint, () => support.complaintEmail());
  });
}
