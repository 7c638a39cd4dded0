import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { ResultCode } from '@pipwise/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { fail } from './envelope.js';

/** Paths that belong to the API: an unknown one is an error, never the app's HTML. */
const API_PREFIX = /^\/(api|v1)(\/|$)/;
/** The back office's pages (apps/admin, built with base `/admin/`). */
const ADMIN_PREFIX = /^\/admin(\/|$)/;
/** A hashed file of the back office that does not exist: a 404, never its HTML. */
const ADMIN_ASSET = /^\/admin\/assets\//;

/**
 * The policy of the web app's service worker (docs/installable-app.md): a worker's script
 * carries its own CSP, and this one fetches the app's files from its own origin (the
 * offline copy) and nothing else. Every other file keeps NON_DOCUMENT_CSP.
 */
export const SERVICE_WORKER_CSP = "default-src 'none'; connect-src 'self'; frame-ancestors 'none'";
const SERVICE_WORKER = `${path.sep}sw.js`;

/** Hashed assets never change; the HTML, manifest and service worker must be re-checked each time. */
function cacheHeaders(res: FastifyReply, filePath: string): void {
  const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
  res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
  res.header('vary', 'Accept-Encoding');
  if (filePath.endsWith(SERVICE_WORKER)) res.header('content-security-policy', SERVICE_WORKER_CSP);
}

const hasIndex = (dist: string) => dist !== '' && fs.existsSync(path.join(dist, 'index.html'));

/**
 * Serves the built web app (when `webDist` holds one) at `/` and the back office (when
 * `adminDist` holds one) under `/admin/`, and answers unknown paths: API paths with an
 * envelope error, a GET under /admin with the back office's HTML and any other GET with the
 * web app's, so history-mode routes of both work on reload. The not-found handler is
 * rate-limited so scanning costs the scanner.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string, adminDist = ''): Promise<void> {
  const hasWeb = hasIndex(webDist);
  const hasAdmin = hasIndex(adminDist);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each asset: sent as they are, by Accept-Encoding.
      preCompressed: true,
      setHeaders: cacheHeaders,
    });
  }
  if (hasAdmin) {
    await app.register(fastifyStatic, {
      root: adminDist,
      prefix: '/admin/',
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders: cacheHeaders,
      // The web app's registration owns reply.sendFile (or none: see below).
      decorateReply: !hasWeb,
    });
  }

  app.setNotFoundHandler(
    { preHandler: app.rateLimit({ max: 120, timeWindow: '1 minute' }) },
    async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      if (request.method === 'GET' && !API_PREFIX.test(pathname)) {
        if (hasAdmin && ADMIN_PREFIX.test(pathname) && !ADMIN_ASSET.test(pathname)) {
          return reply.header('cache-control', 'no-cache').sendFile('index.html', adminDist);
        }
        if (hasWeb && !ADMIN_PREFIX.test(pathname)) {
          return reply.header('cache-control', 'no-cache').sendFile('index.html');
        }
      }
      return reply.status(404).send(fail(ResultCode.NotFound, app.t(request.lang, 'errors.not_found')));
    },
  );
}
