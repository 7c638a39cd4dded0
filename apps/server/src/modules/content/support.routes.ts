import { complaintEmailEndpoint } from '@pipwise/shared';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/route.js';
import type { SupportService } from './support.service.js';

export function registerSupportRoutes(app: FastifyInstance, support: SupportService): void {
  // Its own scope, so the header below is sent by this route only.
  void app.register((scope, _options, ready) => {
    // Spec §7 calls this on a separate host: any site may read the public address.
    scope.addHook('onSend', (_request, reply, payload, done) => {
      void reply.header('access-control-allow-origin', '*');
      done(null, payload);
    });
    registerEndpoint(scope, complaintEmailEndpoint, () => support.complaintEmail());
    ready();
  });
}
