import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { ADMIN_WS_PATH, normalizeLang, ResultCode, WS_PATH } from '@pipwise/shared';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer } from 'ws';
import { AppError } from '../core/app-error.js';
import { fail } from '../http/envelope.js';
import { ANSWER_HEADERS } from '../http/security-headers.js';
import type { Hub } from './hub.js';
import { socketOriginAllowed } from './socket-origin.js';

/**
 * The headers every answer that is not a page carries (http/security-headers.ts), for the
 * one answer written by hand: the refusal of a socket upgrade, which never reaches Fastify.
 */
const REFUSAL_HEADERS = Object.entries(ANSWER_HEADERS).map(([name, value]) => `${name}: ${value}`);

/**
 * `/v1/ws`. The upgrade is taken straight from the HTTP server by a bare `ws` server (no
 * request lifecycle per socket: an idle socket costs little more than `ws`'s own, see
 * docs/benchmarks.md). Browsers cannot set headers on a WebSocket, so the language of
 * messages comes from the `lang` query parameter (or header, for other clients). An
 * upgrade from a foreign `Origin` is refused with HTTP 403 and an envelope before the
 * socket opens; a plain GET of the path answers an envelope too.
 */
export function registerSocketRoute(
  app: FastifyInstance,
  hub: Hub,
  options: { allowedOrigins: readonly string[] },
): void {
  const allowed = new Set(options.allowedOrigins);
  const wss = new WebSocketServer({ noServer: true, maxPayload: 4096, clientTracking: false });
  const langOf = (request: IncomingMessage, url: URL) =>
    normalizeLang(url.searchParams.get('lang') ?? request.headers.lang);

  // Closing the app waits for every connection, upgraded sockets included: they are
  // closed first, and no new upgrade is taken while the server closes.
  let closing = false;
  app.server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    // The operator socket has its own listener (desk-socket.routes.ts).
    if (url.pathname === ADMIN_WS_PATH) return;
    if (closing || url.pathname !== WS_PATH) {
      socket.destroy();
      return;
    }
    if (!socketOriginAllowed(request.headers.origin, request.headers.host, allowed)) {
      const body = JSON.stringify(
        fail(ResultCode.Forbidden, app.t(langOf(request, url), 'errors.origin_forbidden')),
      );
      socket.end(
        [
          'HTTP/1.1 403 Forbidden',
          'content-type: application/json; charset=utf-8',
          `content-length: ${Buffer.byteLength(body)}`,
          'cache-control: no-store',
          ...REFUSAL_HEADERS,
          'connection: close',
          '',
          body,
        ].join('\r\n'),
      );
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => hub.attach(ws, langOf(request, url)));
  });

  app.addHook('preClose', (done) => {
    closing = true;
    hub.disconnectAll();
    done();
  });

  // Without an upgrade (or through inject): the same refusal, or "this is a socket".
  app.get(WS_PATH, (request) => {
    if (!socketOriginAllowed(request.headers.origin, request.headers.host, allowed))
      throw new AppError(ResultCode.Forbidden, 'errors.origin_forbidden', {}, 403);
    throw new AppError(ResultCode.NotFound, 'errors.ws_upgrade_required', {}, 426);
  });
}
