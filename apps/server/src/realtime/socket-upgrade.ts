import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { normalizeLang, ResultCode, type Lang } from '@pipwise/shared';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer, type WebSocket } from 'ws';
import { fail } from '../http/envelope.js';
import { ANSWER_HEADERS } from '../http/security-headers.js';
import { originAllowed } from '../http/page-origin.js';

/**
 * The headers every answer that is not a page carries (http/security-headers.ts), for the
 * one answer written by hand: the refusal of a socket upgrade, which never reaches Fastify.
 */
const REFUSAL_HEADERS = Object.entries(ANSWER_HEADERS).map(([name, value]) => `${name}: ${value}`);

/** A socket path of the app: who takes its sockets, and how they are all closed. */
export interface SocketEndpoint {
  path: string;
  /** Origins besides the app's own that may open it (ALLOWED_ORIGINS). */
  allowedOrigins: readonly string[];
  /** A socket that passed the checks, with the language of its messages. */
  attach: (socket: WebSocket, lang: Lang) => void;
  /** The app is closing: close every socket (the HTTP server counts them as connections). */
  closeAll: () => void;
}

type UpgradeHandler = (request: IncomingMessage, socket: Duplex, head: Buffer, url: URL) => void;

/** Per HTTP server, its socket paths: one `upgrade` listener serves them all. */
const endpoints = new WeakMap<Server, Map<string, UpgradeHandler>>();

/** Browsers cannot set headers on a WebSocket: the `lang` query parameter, or the header. */
const langOf = (request: IncomingMessage, url: URL): Lang =>
  normalizeLang(url.searchParams.get('lang') ?? request.headers.lang);

/**
 * Takes the upgrades of `endpoint.path` straight from the HTTP server with a bare `ws` server
 * (no request lifecycle per socket: an idle socket costs little more than `ws`'s own, see
 * docs/benchmarks.md), for the traders' `/v1/ws` and the operators' `/api/admin/ws` alike.
 * An upgrade from a foreign `Origin` (http/page-origin.ts) is refused with HTTP 403 and an
 * envelope in the caller's language before the socket opens; an upgrade of a path no
 * endpoint serves, or one arriving while the app closes, is dropped. Closing the app closes
 * the endpoint's sockets first, so the server's close does not wait for them.
 */
export function takeSocketUpgrades(app: FastifyInstance, endpoint: SocketEndpoint): void {
  const allowed = new Set(endpoint.allowedOrigins);
  const wss = new WebSocketServer({ noServer: true, maxPayload: 4096, clientTracking: false });
  let closing = false;

  const handle: UpgradeHandler = (request, socket, head, url) => {
    if (closing) {
      socket.destroy();
      return;
    }
    const lang = langOf(request, url);
    if (!originAllowed(request.headers.origin, request.headers.host, allowed)) {
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
    wss.handleUpgrade(request, socket, head, (ws) => endpoint.attach(ws, lang));
  };

  let paths = endpoints.get(app.server);
  if (!paths) {
    const served = new Map<string, UpgradeHandler>();
    app.server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      // Node's HTTP server takes its own error listener off a socket it hands over for an
      // upgrade: a client that resets it (a refused upgrade, a balancer's close) would then
      // be an uncaught error that ends the process. `ws` adds its own once it accepts one.
      socket.on('error', () => socket.destroy());
      const url = new URL(request.url ?? '/', 'http://localhost');
      const handler = served.get(url.pathname);
      if (handler) handler(request, socket, head, url);
      else socket.destroy();
    });
    endpoints.set(app.server, served);
    paths = served;
  }
  if (paths.has(endpoint.path)) throw new Error(`socket path taken twice: ${endpoint.path}`);
  paths.set(endpoint.path, handle);

  app.addHook('preClose', (done) => {
    closing = true;
    endpoint.closeAll();
    done();
  });
}
