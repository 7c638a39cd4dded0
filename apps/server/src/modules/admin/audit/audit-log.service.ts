import { ADMIN_PAGE_SIZE } from '@pipwise/shared';
import type { Db } from '../../../core/db/database.js';
import { pageAudit, type AuditFilter } from '../../../core/audit/audit.repository.js';
import { operatorEmails } from '../operators/operator.repository.js';

const parse = (json: string | null): unknown => (json === null ? null : (JSON.parse(json) as unknown));

/** The audit log as admins read it: filtered by operator, action, object and time. */
export class AuditLogService {
  constructor(private readonly db: Db) {}

  async page(filter: AuditFilter, page: number) {
    const { rows, total } = await pageAudit(this.db, filter, ADMIN_PAGE_SIZE, (page - 1) * ADMIN_PAGE_SIZE);
    const emails = await operatorEmails(
      this.db,
      rows.map((r) => Number(r.operator_id)),
    );
    return {
      data: rows.map((r) => ({
        id: Number(r.id),
        operator_id: Number(r.operator_id),
        operator_email: emails.get(Number(r.operator_id)) ?? '',
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
