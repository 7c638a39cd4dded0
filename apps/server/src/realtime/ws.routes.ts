import { normalizeLang, ResultCode, WS_PATH } from '@pipwise/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../http/app-error.js';
import type { Hub } from './hub.js';
import { socketOriginAllowed } from './socket-origin.js';

/**
 * `/v1/ws`. Browsers cannot set headers on a WebSocket, so the language of error messages
 * comes from the `lang` query parameter (or header, for other clients). An upgrade from a
 * foreign `Origin` is refused with HTTP 403 before the socket opens.
 */
export function registerSocketRoute(
  app: FastifyInstance,
  hub: Hub,
  options: { allowedOrigins: readonly string[] },
): void {
  const allowed = new Set(options.allowedOrigins);
  app.get(
    WS_PATH,
    {
      websocket: true,
      onRequest: (request, _reply, done) => {
        const allowedHere = socketOriginAllowed(request.headers.origin, request.host, allowed);
        done(
          allowedHere ? undefined : new AppError(ResultCode.Forbidden, 'errors.origin_forbidden', {}, 403),
        );
      },
    },
    (socket, request) => {
      const query = request.query as Record<string, unknown>;
      hub.attach(socket, normalizeLang(query.lang ?? request.headers.lang));
    },
  );
}
