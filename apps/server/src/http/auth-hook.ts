import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SessionResolver, SessionUser } from '../core/caller.js';
import { AppError } from '../core/app-error.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in caller; set on routes with `config.auth`. */
    session: SessionUser | null;
  }
}

/** The token from `authorization`, with or without a `Bearer ` prefix. */
export function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  return header.startsWith('Bearer ') ? header.slice(7).trim() : header.trim();
}

/** Routes marked `auth` answer 999 unless the caller has a live session (docs/product.md §4). */
export function registerAuthHook(app: FastifyInstance, sessions: SessionResolver): void {
  app.decorateRequest('session', null);
  // A callback hook: the public routes (the board, quotes) pass it without a promise.
  app.addHook('preHandler', (request, _reply, done) => {
    if (!request.routeOptions.config.auth) {
      done();
      return;
    }
    sessions.resolve(tokenOf(request)).then((session) => {
      if (!session) return done(AppError.sessionExpired());
      if (request.routeOptions.config.realOnly && session.isDemo) return done(AppError.demoForbidden());
      request.session = session;
      done();
    }, done);
  });
}

/** The logged-in caller of an `auth` route (the hook has already checked there is one). */
export function sessionOf(request: FastifyRequest): SessionUser {
  if (!request.session) throw AppError.sessionExpired();
  return request.session;
}
