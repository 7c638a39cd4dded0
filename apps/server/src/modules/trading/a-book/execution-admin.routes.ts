import { adminExecutionsEndpoint, adminHandleExecutionEndpoint } from '@pipwise/shared';
import type { FastifyInstance } from 'fastify';
import { registerAdminEndpoint } from '../../../http/admin-endpoint.js';
import { Success } from '../../../http/route.js';
import type { ExecutionAdminService } from './execution-admin.service.js';

/**
 * The dealing desk's list of orders sent to the liquidity provider (read only: no audit),
 * and the mark of an unbooked fill offset at the provider (audited).
 */
export function registerExecutionAdminRoutes(
  app: FastifyInstance,
  executions: ExecutionAdminService,
  now: () => number,
): void {
  registerAdminEndpoint(app, adminExecutionsEndpoint, now, (input) =>
    executions.list(
      {
        state: input.state,
        instrumentId: input.instrument_id,
        userId: input.user_id,
        handled: input.handled,
      },
      input.page,
    ),
  );
  registerAdminEndpoint(app, adminHandleExecutionEndpoint, now, async (input, call) => {
    const execution = await executions.markHandled(
      input.id,
      input.note,
      call.operator.operatorId,
      call.audit,
    );
    return new Success(execution, 'admin_execution.handled_done');
  });
}
