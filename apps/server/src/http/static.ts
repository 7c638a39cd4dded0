import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { ResultCode } from '@pipwise/shared';
import type { FastifyInstance } from 'fastify';
import { fail } from './envelope.js';

/** Paths that belong to the API: an unknown one is an error, never the app's HTML. */
const API_PREFIX = /^\/(api|v1)(\/|$)/;

/**
 * Serves the built web app (when `webDist` holds one) and answers unknown paths: API paths
 * with an envelope error, any other GET with the app's HTML so history-mode routes work
 * on reload. The not-found handler is rate-limited so scanning costs the scanner.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const indexFile = webDist ? path.join(webDist, 'index.html') : '';
  const hasWeb = indexFile !== '' && fs.existsSync(indexFile);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each asset: sent as they are, by Accept-Encoding.
      preCompressed: true,
      setHeaders(res, filePath) {
        // Hashed assets never change; the HTML and manifest must be re-checked each time.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        res.header('vary', 'Accept-Encoding');
      },
    });
  }

  app.setNotFoundHandler(
    { preHandler: app.rateLimit({ max: 120, timeWindow: '1 minute' }) },
    async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      if (hasWeb && request.method === 'GET' && !API_PREFIX.test(pathname)) {
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
      }
      return reply.status(404).send(fail(ResultCode.NotFound, app.t(request.lang, 'errors.not_found')));
    },
  );
}
