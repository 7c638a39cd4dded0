import type { Db } from '../../../core/db/database.js';
import { pageAudit, type AuditFilter } from '../../../core/audit/audit.repository.js';

const parse = (json: string | null): unknown => (json === null ? null : (JSON.parse(json) as unknown));

/** The audit log as admins read it: filtered by operator, action, object and time. */
export class AuditLogService {
  constructor(private readonly db: Db) {}

  async page(filter: AuditFilter, limit: number, offset: number) {
    const { rows, total } = await pageAudit(this.db, filter, limit, offset);
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
  }
}
