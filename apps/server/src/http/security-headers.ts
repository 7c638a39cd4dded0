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

/**
 * The Content-Security-Policy of every answer that is not a page: API answers, files and
 * errors load nothing and may be framed by nobody (OWASP's advice for APIs). A page (the
 * HTML of the web app or the back office) gets the operators' policy instead
 * (modules/content/content-security.ts), and a route with a policy of its own keeps it.
 * A short constant also spares every API answer the page policy's ~1 KB.
 */
export const NON_DOCUMENT_CSP = "default-src 'none'; frame-ancestors 'none'";

/** What every answer that is not a page carries (a page's CSP is replaced on its way out). */
export const ANSWER_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  ...SECURITY_HEADERS,
  'content-security-policy': NON_DOCUMENT_CSP,
});

/** Every answer, files and errors included, carries SECURITY_HEADERS and a CSP. */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(ANSWER_HEADERS);
    done();
  });
}
