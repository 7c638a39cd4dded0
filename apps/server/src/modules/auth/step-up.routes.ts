import { stepUpPasskeyEndpoint, stepUpPasskeyOptionsEndpoint, stepUpPasswordEndpoint } from '@pipwise/shared';
import type { FastifyInstance } from 'fastify';
import { sessionOf } from '../../http/auth-hook.js';
import { registerEndpoint } from '../../http/route.js';
import { relyingPartyResolver, type PasskeyRouteOptions } from './relying-party.js';
import type { StepUpService } from './step-up.service.js';

/** The password or a passkey asked for again before a withdrawal (docs/passkeys.md). */
export function registerStepUpRoutes(
  app: FastifyInstance,
  stepUp: StepUpService,
  options: PasskeyRouteOptions,
): void {
  const rp = relyingPartyResolver(options);
  registerEndpoint(app, stepUpPasswordEndpoint, ({ password }, request) => {
    const { userId, sessionId } = sessionOf(request);
    return stepUp.withPassword(userId, sessionId, password);
  });
  registerEndpoint(app, stepUpPasskeyOptionsEndpoint, (_input, request) =>
    stepUp.passkeyOptions(sessionOf(request).userId, rp(request)),
  );
  registerEndpoint(app, stepUpPasskeyEndpoint, (input, request) => {
    const { userId, sessionId } = sessionOf(request);
    return stepUp.withPasskey(userId, sessionId, rp(request), input);
  });
}
