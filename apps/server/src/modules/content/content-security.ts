import type { FastifyReply, FastifyRequest } from 'fastify';

type OnSendDone = (error: Error | null, payload?: unknown) => void;
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

/** A page: what a browser renders as a document, and so what a CSP governs. */
function isPage(reply: FastifyReply): boolean {
  const type = reply.getHeader('content-type');
  return typeof type === 'string' && type.startsWith('text/html');
}

/**
 * The Content-Security-Policy of the pages (the web app's and the back office's HTML)
 * follows the operators' settings: the chat frame may show only the configured
 * `service_link`'s origin, and the app may call only the configured `complaint_host`
 * besides its own. The header is built once per pair of origins (settings are cached and
 * change rarely), not once per request. Every other answer keeps the strict policy set for
 * all answers (http/security-headers.ts), so the API path does no settings lookup here.
 */
export function settingsCsp(support: SupportService) {
  let built: { key: string; header: string } | undefined;
  return {
    onSend(_request: FastifyRequest, reply: FastifyReply, payload: unknown, done: OnSendDone): void {
      if (!isPage(reply)) return done(null, payload);
      support.externalOrigins().then(
        (origins) => {
          const key = `${origins.frame ?? ''} ${origins.connect ?? ''}`;
          if (built?.key !== key) built = { key, header: policy(origins) };
          reply.header('content-security-policy', built.header);
          done(null, payload);
        },
        (error: Error) => done(error),
      );
    },
  };
}
