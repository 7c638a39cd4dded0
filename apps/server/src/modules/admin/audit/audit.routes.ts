import { ADMIN_PAGE_SIZE, adminAuditEndpoint } from '@pipwise/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/database.js';
import { registerAdminEndpoint } from '../admin-route.js';
import { pageAudit } from './audit.repository.js';

const parse = (json: string | null): unknown => (json === null ? null : (JSON.parse(json) as unknown));

/** The audit log for admins, filtered by operator, action, object and time. */
export function registerAuditRoutes(app: FastifyInstance, db: Db, now: () => number): void {
  registerAdminEndpoint(app, adminAuditEndpoint, now, async (input) => {
    const { rows, total } = await pageAudit(
      db,
      {
        operatorId: input.operator_id,
        action: input.action,
        objectType: input.object_type,
        objectId: input.object_id,
        from: input.from,
        to: input.to,
      },
      ADMIN_PAGE_SIZE,
      (input.page - 1) * ADMIN_PAGE_SIZE,
    );
    return {
      data: rows.map((r) => ({
        id: Number(r.id),
        operator_id: Number(r.operator_id),
        operator_email: r.operator_email ?? '',
        action: r.action,
        object_type: r.object_type,
        object_id: r.object_id,
        before: parse(r.before_json),
        after: parse(r.after_json),
        ip: r.ip,
        user_agent: r.user_agent,
        created_at: Number(r.created_at),
      })),
      total,
    };
  });
}
