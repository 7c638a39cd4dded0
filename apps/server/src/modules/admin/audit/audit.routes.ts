import { adminAuditEndpoint } from '@pipwise/shared';
import type { FastifyInstance } from 'fastify';
import { registerAdminEndpoint } from '../../../http/admin-endpoint.js';
import type { AuditLogService } from './audit-log.service.js';

/** The audit log for admins, filtered by operator, action, object and time. */
export function registerAuditRoutes(
  app: FastifyInstance,
  auditLog: AuditLogService,
  now: () => number,
): void {
  registerAdminEndpoint(app, adminAuditEndpoint, now, (input) =>
    auditLog.page(
      {
        operatorId: input.operator_id,
        action: input.action,
        objectType: input.object_type,
        objectId: input.object_id,
        from: input.from,
        to: input.to,
      },
      input.page,
    ),
  );
}
