import { normalizeLang, WS_PATH } from '@pipwise/shared';
import type { FastifyInstance } from 'fastify';
import type { Hub } from './hub.js';

/**
 * `/v1/ws`. Browsers cannot set headers on a WebSocket, so the language of error messages
 * comes from the `lang` query parameter (or header, for other clients).
 */
export function registerSocketRoute(app: FastifyInstance, hub: Hub): void {
  app.get(WS_PATH, { websocket: true }, (socket, request) => {
    const query = request.query as Record<string, unknown>;
    hub.attach(socket, normalizeLang(query.lang ?? request.headers.lang));
  });
}
