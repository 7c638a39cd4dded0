import { adminExecutionsEndpoint } from '@pipwise/shared';
import type { FastifyInstance } from 'fastify';
import { registerAdminEndpoint } from '../../../http/admin-endpoint.js';
import type { ExecutionAdminService } from './execution-admin.service.js';

/** The dealing desk's list of orders sent to the liquidity provider (read only: no audit). */
export function registerExecutionAdminRoutes(
  app: FastifyInstance,
  executions: ExecutionAdminService,
  now: () => number,
): void {
  registerAdminEndpoint(app, adminExecutionsEndpoint, now, (input) =>
    executions.list(
      { state: input.state, instrumentId: input.instrument_id, userId: input.user_id },
      input.page,
    ),
  );
}
