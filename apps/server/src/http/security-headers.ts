import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's choices (docs/api.md "Requests"): no framing at all; the
 * Content-Security-Policy is not helmet's but follows the operators' settings
 * (modules/content/content-security.ts); no COEP, so the news' images from other sites load.
 */
const OPTIONS: HelmetOptions = {
  contentSecurityPolicy: false,
  frameguard: { action: 'deny' },
  crossOriginEmbedderPolicy: false,
};

/**
 * The headers helmet writes for OPTIONS, asked of helmet once at start-up: they do not
 * depend on the request, and running helmet's middleware per request (as @fastify/helmet
 * does) cost about a third of a small answer's throughput (docs/benchmarks.md "Read API").
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = (() => {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(OPTIONS)({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return Object.freeze(headers);
})();

/** Every answer, files and errors included, carries SECURITY_HEADERS. */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(SECURITY_HEADERS);
    done();
  });
}
