import { ResultCode } from '@pipwise/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fail } from '../http/envelope.js';
import type { AppMetrics } from './metrics.js';
import type { Readiness } from './readiness.js';

/**
 * `/health`, `/ready` and `/metrics` (docs/architecture.md "Health, readiness and metrics").
 * The first two are public — balancers call them — and tell booleans and counts only; they
 * take no input (a query string is ignored, as everywhere). `/metrics` answers only whom
 * `mayScrape` lets in; anyone else gets the same 404 envelope as an unknown path.
 */
export function registerOpsRoutes(
  app: FastifyInstance,
  deps: { readiness: Readiness; metrics: AppMetrics; mayScrape: (request: FastifyRequest) => boolean },
): void {
  app.get('/health', (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));

  app.get('/ready', async (_request, reply) => {
    const report = await deps.readiness.check();
    return reply
      .status(report.ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(report);
  });

  app.get('/metrics', async (request, reply) => {
    if (!deps.mayScrape(request)) {
      return reply.status(404).send(fail(ResultCode.NotFound, app.t(request.lang, 'errors.not_found')));
    }
    const text = await deps.metrics.scrape();
    return reply.type(deps.metrics.contentType).header('cache-control', 'no-store').send(text);
  });
}
