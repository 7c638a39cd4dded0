import type { AdminIdentity, AuditAction } from '@pipwise/shared';
import { adminPage } from '../../../core/db/paging.js';
import type { Db } from '../../../core/db/database.js';
import { AppError } from '../../../core/app-error.js';
import type { IdentityRow } from '../identity.repository.js';
import type { IdentityDecision, IdentityService } from '../identity.service.js';
import type { ReviewAudit } from '../../wallet/index.js';
import type { AuditScope } from '../../../core/audit/audit.js';
import { contactOf } from '../../../http/operator-contact.js';
import { adminImageUrl } from '../../../http/admin-image-url.js';
import * as repo from './identity-review.repository.js';
import type { AdminIdentityRow } from './identity-review.repository.js';

function toAdminIdentity(row: AdminIdentityRow): AdminIdentity {
  return {
    id: Number(row.id),
    user_id: Number(row.user_id),
    user_contact: contactOf(row),
    uid: row.uid,
    name: row.name,
    card_id: row.card_id,
    front_pic: adminImageUrl(row.front_name),
    reverse_pic: adminImageUrl(row.reverse_name),
    status: Number(row.status),
    reason: row.reason,
    reviewed_by: row.reviewed_by === null ? null : Number(row.reviewed_by),
    reviewed_at: row.reviewed_at === null ? null : Number(row.reviewed_at),
    created_at: Number(row.created_at),
  };
}

const view = (r: IdentityRow) => ({ status: Number(r.status), reason: r.reason, user_id: Number(r.user_id) });

/** Support's identity review: both photos, then verify or reject with a reason. */
export class IdentityReviewService {
  constructor(
    private readonly db: Db,
    private readonly identity: IdentityService,
  ) {}

  list(filter: { status?: number | undefined; userId?: number | undefined }, page: number) {
    return adminPage(
      page,
      (limit, offset) => repo.pageIdentities(this.db, filter, limit, offset),
      toAdminIdentity,
    );
  }

  async detail(id: number): Promise<AdminIdentity> {
    const row = await repo.findAdminIdentity(this.db, id);
    if (!row) throw AppError.rule('errors.identity_not_found', { field: 'id' });
    return toAdminIdentity(row);
  }

  async approve(id: number, operatorId: number, audit: AuditScope): Promise<AdminIdentity> {
    await this.detail(id);
    this.decided(await this.identity.approveIdentity(id, operatorId, this.audit('identity.approve', audit)));
    return this.detail(id);
  }

  async reject(id: number, operatorId: number, reason: string, audit: AuditScope): Promise<AdminIdentity> {
    await this.detail(id);
    this.decided(
      await this.identity.rejectIdentity(id, operatorId, reason, this.audit('identity.reject', audit)),
    );
    return this.detail(id);
  }

  /** The same decision again changed nothing: the operator is told it was already made. */
  private decided(decision: IdentityDecision): void {
    if (!decision.changed) throw AppError.rule('errors.already_reviewed');
  }

  private audit(action: AuditAction, audit: AuditScope): ReviewAudit<IdentityRow> {
    return (trx, before, after) =>
      audit.write(trx, {
        action,
        objectType: 'identity',
        objectId: Number(after.id),
        before: view(before),
        after: view(after),
      });
  }
}
