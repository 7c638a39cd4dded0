import { adminImportHistoryEndpoint, HISTORY_IMPORT_MAX_BYTES } from '@pipwise/shared';
import type { FastifyInstance } from 'fastify';
import { registerAdminEndpoint } from '../../../http/admin-endpoint.js';
import { Success } from '../../../http/route.js';
import type { HistoryAdminService } from './history-admin.service.js';

/**
 * The import's body: the file as a JSON string, whose escapes (`\n`, `\r`, `\"`) make it
 * longer than the file — at most a few percent for a real price file; twice the file's
 * limit leaves room for any file the contract takes, and refuses a larger Content-Length
 * before a byte is read (413).
 */
export const HISTORY_IMPORT_BODY_LIMIT = 2 * HISTORY_IMPORT_MAX_BYTES + 64 * 1024;

/** The history import screen's call (docs/market-data.md "Back office"). */
export function registerHistoryAdminRoutes(
  app: FastifyInstance,
  history: HistoryAdminService,
  now: () => number,
): void {
  registerAdminEndpoint(
    app,
    adminImportHistoryEndpoint,
    now,
    async (input, call) => {
      const result = await history.import(input, call.audit);
      return new Success(result, 'history_import.imported', {
        candles: result.candles,
        code: result.instrument,
      });
    },
    { bodyLimit: HISTORY_IMPORT_BODY_LIMIT },
  );
}
