import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { ADMIN_WS_PATH, normalizeLang, ResultCode } from '@pipwise/shared';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer } from 'ws';
import { fail } from '../http/envelope.js';
import { ANSWER_HEADERS } from '../http/security-headers.js';
import type { DeskSockets } from './desk-socket.js';
import { socketOriginAllowed } from './socket-origin.js';

const REFUSAL_HEADERS = Object.entries(ANSWER_HEADERS).map(([name, value]) => `${name}: ${value}`);

/**
 * `/api/admin/ws`, the operator socket, taken from the HTTP server's upgrades like the
 * traders' `/v1/ws` (ws.routes.ts, which leaves this path to this listener): the same
 * `Origin` rule (socket-origin.ts), refused with 403 and an envelope before the socket
 * opens. The language of messages comes from the `lang` query parameter.
 */
export function registerDeskSocketRoute(
  app: FastifyInstance,
  sockets: DeskSockets,
  options: { allowedOrigins: readonly string[] },
): void {
  const allowed = new Set(options.allowedOrigins);
  const wss = new WebSocketServer({ noServer: true, maxPayload: 4096, clientTracking: false });
  let closing = false;
  app.server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname !== ADMIN_WS_PATH) return;
    const lang = normalizeLang(url.searchParams.get('lang') ?? request.headers.lang);
    if (closing) {
      socket.destroy();
      return;
    }
    if (!socketOriginAllowed(request.headers.origin, request.headers.host, allowed)) {
      const body = JSON.stringify(fail(ResultCode.Forbidden, app.t(lang, 'errors.origin_forbidden')));
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
    wss.handleUpgrade(request, socket, head, (ws) => sockets.attach(ws, lang));
  });

  app.addHook('preClose', (done) => {
    closing = true;
    sockets.stop();
    done();
  });
}
