import { identityCenterEndpoint, realNameEndpoint } from '@pipwise/shared';
import type { FastifyInstance } from 'fastify';
import { sessionOf } from '../../http/auth-hook.js';
import { registerEndpoint, Success } from '../../http/route.js';
import type { IdentityService } from './identity.service.js';

/** The caller's identity verification (docs/api.md "Identity and uploads"). */
export function registerIdentityRoutes(app: FastifyInstance, identity: IdentityService): void {
  registerEndpoint(
    app,
    realNameEndpoint,
    async (input, request) =>
      new Success(await identity.submit(sessionOf(request).userId, input), 'funds_result.identity_submitted'),
  );
  registerEndpoint(app, identityCenterEndpoint, (_input, request) =>
    identity.center(sessionOf(request).userId),
  );
}
