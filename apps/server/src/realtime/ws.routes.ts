import { ResultCode, WS_PATH } from '@pipwise/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../core/app-error.js';
import type { Hub } from './hub.js';
import { originAllowed } from '../http/page-origin.js';
import { takeSocketUpgrades } from './socket-upgrade.js';

/**
 * `/v1/ws`, the traders' socket: its upgrades are taken as every socket's are
 * (socket-upgrade.ts: the `Origin` rule, the 403 refusal, the `lang` parameter); a plain
 * GET of the path answers an envelope too.
 */
export function registerSocketRoute(
  app: FastifyInstance,
  hub: Hub,
  options: { allowedOrigins: readonly string[] },
): void {
  takeSocketUpgrades(app, {
    path: WS_PATH,
    allowedOrigins: options.allowedOrigins,
    attach: (ws, lang) => hub.attach(ws, lang),
    closeAll: () => hub.disconnectAll(),
  });

  // Without an upgrade (or through inject): the same refusal, or "this is a socket".
  const allowed = new Set(options.allowedOrigins);
  app.get(WS_PATH, (request) => {
    if (!originAllowed(request.headers.origin, request.headers.host, allowed))
      throw new AppError(ResultCode.Forbidden, 'errors.origin_forbidden', {}, 403);
    throw new AppError(ResultCode.NotFound, 'errors.ws_upgrade_required', {}, 426);
  });
}
