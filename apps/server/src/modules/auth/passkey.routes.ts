import {
  passkeyListEndpoint,
  passkeyLoginEndpoint,
  passkeyLoginOptionsEndpoint,
  passkeyRegisterEndpoint,
  passkeyRegisterOptionsEndpoint,
  passkeyRemoveEndpoint,
} from '@pipwise/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../core/app-error.js';
import { sessionOf } from '../../http/auth-hook.js';
import { originAllowed } from '../../http/page-origin.js';
import { registerEndpoint, Success } from '../../http/route.js';
import type { PasskeyService, RelyingParty } from './passkey.service.js';

export interface PasskeyRouteOptions {
  /** PASSKEY_RP_ID: the site's domain passkeys belong to; empty: the page's own host name. */
  rpId: string;
  /** Pages of other origins that are the app's too (ALLOWED_ORIGINS). */
  allowedOrigins: readonly string[];
}

/**
 * The relying party of a passkey call: the page it came from must be one of the app's (its
 * `Origin`, as the live socket checks it) and lie within the RP ID's domain. The
 * authenticator signs that origin, so the answer is checked against it (docs/passkeys.md).
 */
function relyingPartyOf(
  request: FastifyRequest,
  options: PasskeyRouteOptions,
  allowed: ReadonlySet<string>,
): RelyingParty {
  const origin = request.headers.origin;
  if (typeof origin !== 'string' || !originAllowed(origin, request.headers.host, allowed))
    throw AppError.rule('errors.passkey_origin');
  const url = new URL(origin);
  const rpId = options.rpId || url.hostname;
  if (url.hostname !== rpId && !url.hostname.endsWith(`.${rpId}`))
    throw AppError.rule('errors.passkey_origin');
  return { rpId, origin: url.origin };
}

export function registerPasskeyRoutes(
  app: FastifyInstance,
  passkeys: PasskeyService,
  options: PasskeyRouteOptions,
): void {
  const allowed = new Set(options.allowedOrigins);
  const rp = (request: FastifyRequest) => relyingPartyOf(request, options, allowed);

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
