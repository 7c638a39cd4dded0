import type { Insertable } from 'kysely';
import type { AuditLogTable, Db } from '../db/database.js';
import { pageOf } from '../db/paging.js';

/** Only this file reads and writes `audit_log`. Functions take `db` or a transaction first. */

export async function insertAudit(db: Db, row: Insertable<AuditLogTable>): Promise<void> {
  await db.insertInto('audit_log').values(row).execute();
}

export interface AuditFilter {
  operatorId?: number | undefined;
  action?: string | undefined;
  objectType?: string | undefined;
  objectId?: string | undefined;
  /** Epoch ms, inclusive. */
  from?: number | undefined;
  /** Epoch ms, exclusive. */
  to?: number | undefined;
}

/** One page of the audit log, newest first, and the total (operators are named by their module). */
export async function pageAudit(db: Db, filter: AuditFilter, limit: number, offset: number) {
  let base = db.selectFrom('audit_log');
  if (filter.operatorId !== undefined) base = base.where('audit_log.operator_id', '=', filter.operatorId);
  if (filter.action !== undefined) base = base.where('audit_log.action', '=', filter.action);
  if (filter.objectType !== undefined) base = base.where('audit_log.object_type', '=', filter.objectType);
  if (filter.objectId !== undefined) base = base.where('audit_log.object_id', '=', filter.objectId);
  if (filter.from !== undefined) base = base.where('audit_log.created_at', '>=', filter.from);
  if (filter.to !== undefined) base = base.where('audit_log.created_at', '<', filter.to);
  return pageOf(base.selectAll().orderBy('audit_log.id', 'desc'), limit, offset);
}
