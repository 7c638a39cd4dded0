import {
  passkeyListEndpoint,
  passkeyLoginEndpoint,
  passkeyLoginOptionsEndpoint,
  passkeyRegisterEndpoint,
  passkeyRegisterOptionsEndpoint,
  passkeyRemoveEndpoint,
} from '@pipwise/shared';
import type { FastifyInstance } from 'fastify';
import { sessionOf } from '../../http/auth-hook.js';
import { registerEndpoint, Success } from '../../http/route.js';
import type { PasskeyService } from './passkey.service.js';
import { relyingPartyResolver, type PasskeyRouteOptions } from './relying-party.js';

export function registerPasskeyRoutes(
  app: FastifyInstance,
  passkeys: PasskeyService,
  options: PasskeyRouteOptions,
): void {
  const rp = relyingPartyResolver(options);

  registerEndpoint(app, passkeyRegisterOptionsEndpoint, (_input, request) =>
    passkeys.registerOptions(sessionOf(request).userId, rp(request)),
  );
  registerEndpoint(
    app,
    passkeyRegisterEndpoint,
    async (input, request) =>
      new Success(await passkeys.register(sessionOf(request).userId, rp(request), input), 'passkey.added'),
  );
  registerEndpoint(app, passkeyListEndpoint, (_input, request) => passkeys.list(sessionOf(request).userId));
  registerEndpoint(app, passkeyRemoveEndpoint, async (input, request) => {
    await passkeys.remove(sessionOf(request).userId, input.id);
    return new Success({}, 'passkey.removed');
  });
  // Open to anyone and stores a challenge: a page asks once per sign-in, a flood is cut off.
  registerEndpoint(
    app,
    passkeyLoginOptionsEndpoint,
    (_input, request) => passkeys.loginOptions(rp(request)),
    {
      rateLimit: { max: 30, timeWindow: 60_000 },
    },
  );
  registerEndpoint(
    app,
    passkeyLoginEndpoint,
    async (input, request) =>
      new Success(await passkeys.login(rp(request), input, request.ip), 'auth.login_success'),
  );
}
