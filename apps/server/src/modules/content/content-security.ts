import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ExternalOrigins, SupportService } from './support.service.js';

/** The Content-Security-Policy of every answer, with the operators' two external origins. */
function policy(origins: ExternalOrigins): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    // antd-mobile and antd set inline styles on their components.
    'style-src': ["'self'", "'unsafe-inline'"],
    // News articles may show images from https hosts (sanitized: modules/content).
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'connect-src': ["'self'", 'ws:', 'wss:', ...(origins.connect ? [origins.connect] : [])],
    'font-src': ["'self'", 'data:'],
    // The chat page's frame may show only the configured service link's origin.
    'frame-src': ["'self'", ...(origins.frame ? [origins.frame] : [])],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'script-src-attr': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/**
 * The Content-Security-Policy follows the operators' settings: the chat frame may show only
 * the configured `service_link`'s origin, and the app may call only the configured
 * `complaint_host` besides its own. The header is built once per pair of origins (settings
 * are cached and change rarely), not once per request, and set on every answer.
 */
export function settingsCsp(support: SupportService) {
  let built: { key: string; header: string } | undefined;
  return {
    async onSend(_request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
      // A route with a stricter policy of its own (an SVG image: default-src 'none') keeps it.
      if (reply.hasHeader('content-security-policy')) return payload;
      const origins = await support.externalOrigins();
      const key = `${origins.frame ?? ''} ${origins.connect ?? ''}`;
      if (built?.key !== key) built = { key, header: policy(origins) };
      reply.header('content-security-policy', built.header);
      return payload;
    },
  };
}
