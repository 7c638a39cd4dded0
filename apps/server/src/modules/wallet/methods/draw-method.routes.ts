import { bindDrawMethodEndpoint, delDrawMethodEndpoint, getDrawMethodEndpoint } from '@pipwise/shared';
import type { FastifyInstance } from 'fastify';
import { sessionOf } from '../../../http/auth-hook.js';
import { registerEndpoint, Success } from '../../../http/route.js';
import type { DrawMethodService } from './draw-method.service.js';

/** The caller's bound payout accounts (docs/api.md "Bound payout accounts"). */
export function registerDrawMethodRoutes(app: FastifyInstance, methods: DrawMethodService): void {
  registerEndpoint(app, getDrawMethodEndpoint, ({ draw_type, draw_id }, request) =>
    methods.list(sessionOf(request).userId, draw_type, draw_id),
  );

  registerEndpoint(
    app,
    bindDrawMethodEndpoint,
    async (input, request) =>
      new Success(await methods.bind(sessionOf(request).userId, input), 'funds_result.method_bound'),
  );

  registerEndpoint(app, delDrawMethodEndpoint, async ({ id }, request) => {
    await methods.remove(sessionOf(request).userId, id);
    return new Success(null, 'funds_result.method_deleted');
  });
}
