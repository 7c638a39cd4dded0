import { marginLevelsEndpoint, setMarginLevelsEndpoint } from '@pipwise/shared';
import type { FastifyInstance } from 'fastify';
import { sessionOf } from '../../../http/auth-hook.js';
import { registerEndpoint, Success } from '../../../http/route.js';
import type { MarginWarnings } from './margin-warnings.js';

/** The caller's margin warning levels (docs/api.md "Price alerts and the inbox"). */
export function registerWarningRoutes(app: FastifyInstance, warnings: MarginWarnings): void {
  registerEndpoint(app, marginLevelsEndpoint, async (_input, request) => ({
    levels: await warnings.levels(sessionOf(request).userId),
  }));
  registerEndpoint(
    app,
    setMarginLevelsEndpoint,
    async ({ levels }, request) =>
      new Success(
        { levels: await warnings.setLevels(sessionOf(request).userId, levels) },
        'inbox.levels_saved',
      ),
  );
}
