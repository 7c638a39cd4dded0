import { ADMIN_WS_PATH } from '@pipwise/shared';
import type { FastifyInstance } from 'fastify';
import type { DeskSockets } from './desk-socket.js';
import { takeSocketUpgrades } from './socket-upgrade.js';

/**
 * `/api/admin/ws`, the operator socket, taken from the HTTP server's upgrades like the
 * traders' `/v1/ws` (socket-upgrade.ts): the same `Origin` rule, refused with 403 and an
 * envelope before the socket opens, the language of messages from the `lang` parameter.
 * Who may use it once open is the operator login's to decide (desk-socket.ts).
 */
export function registerDeskSocketRoute(
  app: FastifyInstance,
  sockets: DeskSockets,
  options: { allowedOrigins: readonly string[] },
): void {
  takeSocketUpgrades(app, {
    path: ADMIN_WS_PATH,
    allowedOrigins: options.allowedOrigins,
    attach: (ws, lang) => sockets.attach(ws, lang),
    closeAll: () => sockets.stop(),
  });
}
