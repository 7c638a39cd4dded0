import type { FastifyRequest } from 'fastify';
import { AppError } from '../../core/app-error.js';
import { originAllowed } from '../../http/page-origin.js';
import type { RelyingParty } from './passkey.service.js';

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

/** The relying party of each request, for the routes that ask passkeys something. */
export function relyingPartyResolver(
  options: PasskeyRouteOptions,
): (request: FastifyRequest) => RelyingParty {
  const allowed = new Set(options.allowedOrigins);
  return (request) => relyingPartyOf(request, options, allowed);
}
