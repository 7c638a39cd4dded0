import type { IncomingMessage } from 'node:http';
import type { FastifyRequest } from 'fastify';
import type { ExternalOrigins, SupportService } from './support.service.js';

/**
 * The parts of the Content-Security-Policy that follow the operators' settings: the chat
 * frame may show only the configured `service_link`'s origin, and the app may call only
 * the configured `complaint_host` besides its own. Settings are read by an `onRequest`
 * hook (registered before helmet's) and handed to helmet's per-request directive values,
 * so a changed setting applies from the next page load.
 */
export function settingsCsp(support: SupportService) {
  const perRequest = new WeakMap<IncomingMessage, ExternalOrigins>();
  return {
    async onRequest(request: FastifyRequest): Promise<void> {
      perRequest.set(request.raw, await support.externalOrigins());
    },
    /** For `frame-src`, after 'self'. */
    frameSrc: (req: IncomingMessage): string => perRequest.get(req)?.frame ?? "'self'",
    /** For `connect-src`, after 'self'. */
    connectSrc: (req: IncomingMessage): string => perRequest.get(req)?.connect ?? "'self'",
  };
}
