import { ReviewStatus, type Identity } from '@pipwise/shared';
import type { Db } from '../../core/db/database.js';
import { AppError } from '../../core/app-error.js';
import { findOwnUpload, uploadUrl } from '../uploads/index.js';
import type { NoticeWriter } from '../notify/index.js';
import type { AccountTransactions } from '../../core/money/account-transactions.js';
import type { ReviewAudit } from '../wallet/index.js';
import * as repo from './identity.repository.js';
import type { IdentityRow, IdentityWithPhotos } from './identity.repository.js';

export interface IdentityInput {
  name: string;
  card_id: string;
  front_pic: string;
  reverse_pic: string;
}

/** An identity document number as printed: letters and digits, spaces or hyphens between. */
const CARD_ID = /^[A-Za-z0-9][A-Za-z0-9 -]{3,38}[A-Za-z0-9]$/;

/** Control characters (line breaks, tabs …) have no place in a name. */
const CONTROL = /\p{Cc}/u;

/** Longest rejection reason an operator writes (the column's size). */
export const MAX_REASON_LENGTH = 200;

/** A field the contract accepted but the rules refuse: a business refusal naming its field. */
const invalidField = (key: string, field: string) => AppError.rule(key, { field });

/** What an operator's decision did: `changed` is false when it had already been made. */
export interface IdentityDecision {
  identity: IdentityRow;
  changed: boolean;
}

/**
 * Identity verification (spec "/mine/auth"): not submitted → under review → verified or
 * rejected with a reason; a rejected user may submit again. Answers mask the document
 * number but for its last 4 characters.
 */
export class IdentityService {
  constructor(
    private readonly db: Db,
    private readonly transactions: AccountTransactions,
    private readonly now: () => number,
    /** The trader's inbox: told of each decision in its transaction (docs/notifications.md). */
    private readonly inbox?: NoticeWriter,
  ) {}

  async center(userId: number): Promise<Identity> {
    return toIdentity(await repo.latestIdentity(this.db, userId));
  }

  /**
   * Submits the identity for review. Runs under the user's lock (the account transaction),
   * so two submissions at once cannot both pass the "not under review" check.
   */
  async submit(userId: number, input: IdentityInput): Promise<Identity> {
    if (CONTROL.test(input.name)) throw invalidField('errors.field_invalid', 'name');
    if (!CARD_ID.test(input.card_id)) throw invalidField('errors.card_id_invalid', 'card_id');
    if (input.front_pic === input.reverse_pic)
      throw invalidField('errors.identity_same_photo', 'reverse_pic');

    await this.transactions.run(userId, async (tx) => {
      const current = await repo.latestIdentity(tx.trx, userId);
      if (current?.status === ReviewStatus.Review) throw AppError.rule('errors.identity_under_review');
      if (current?.status === ReviewStatus.Verified) throw AppError.rule('errors.identity_verified');
      const front = await findOwnUpload(tx.trx, userId, input.front_pic);
      if (!front) throw invalidField('errors.upload_not_yours', 'front_pic');
      const reverse = await findOwnUpload(tx.trx, userId, input.reverse_pic);
      if (!reverse) throw invalidField('errors.upload_not_yours', 'reverse_pic');
      await repo.insertIdentity(tx.trx, {
        user_id: userId,
        name: input.name,
        card_id: input.card_id,
        front_upload_id: Number(front.id),
        reverse_upload_id: Number(reverse.id),
        status: ReviewStatus.Review,
        created_at: tx.now,
      });
    });
    return this.center(userId);
  }

  /** An operator verifies a submission under review; approving it again changes nothing. */
  approveIdentity(
    id: number,
    operatorId: number,
    audit?: ReviewAudit<IdentityRow>,
  ): Promise<IdentityDecision> {
    return this.decide(id, ReviewStatus.Verified, { reviewed_by: operatorId }, audit);
  }

  /** An operator rejects a submission under review with a reason the trader sees. */
  async rejectIdentity(
    id: number,
    operatorId: number,
    reason: string,
    audit?: ReviewAudit<IdentityRow>,
  ): Promise<IdentityDecision> {
    const text = reason.trim();
    if (!text) throw invalidField('errors.field_required', 'reason');
    if (text.length > MAX_REASON_LENGTH || CONTROL.test(text.replace(/[\r\n]/g, ' ')))
      throw invalidField('errors.field_invalid', 'reason');
    return this.decide(id, ReviewStatus.Rejected, { reviewed_by: operatorId, reason: text }, audit);
  }

  /**
   * Moves a submission from "under review" to `to` with one conditional update, so two
   * operators deciding at once decide once. Deciding the same way again is a no-op; the
   * other way is refused. With `audit`, the move and the audit row share one transaction
   * (a decision that changes nothing writes none).
   */
  private async decide(
    id: number,
    to: number,
    changes: { reviewed_by: number; reason?: string },
    audit?: ReviewAudit<IdentityRow>,
  ): Promise<IdentityDecision> {
    let told = false;
    const moved = await this.db.transaction().execute(async (trx) => {
      const before = audit ? await repo.findIdentity(trx, id) : undefined;
      const after = await repo.transitionIdentity(trx, id, ReviewStatus.Review, {
        ...changes,
        status: to,
        reviewed_at: this.now(),
      });
      if (after && before && audit) await audit(trx, before, after);
      if (after && this.inbox)
        told = await this.inbox.write(trx, Number(after.user_id), 'identity', {
          status: to === ReviewStatus.Verified ? 'verified' : 'rejected',
          note: changes.reason ?? '',
        });
      return after;
    });
    if (moved && told) this.inbox?.announce(Number(moved.user_id));
    if (moved) return { identity: moved, changed: true };
    const row = await repo.findIdentity(this.db, id);
    if (!row) throw AppError.rule('errors.identity_not_found');
    if (Number(row.status) === to) return { identity: row, changed: false };
    throw AppError.rule('errors.already_reviewed');
  }
}

/** A document number shown with all but its last 4 characters masked. */
export function maskCardId(cardId: string): string {
  const visible = cardId.slice(-4);
  return '*'.repeat(Math.max(cardId.length - visible.length, 0)) + visible;
}

function toIdentity(row: IdentityWithPhotos | undefined): Identity {
  if (!row) {
    return {
      review_status: ReviewStatus.None,
      name: '',
      card_id: '',
      front_pic: '',
      reverse_pic: '',
      reason: '',
    };
  }
  const status = Number(row.status);
  return {
    review_status: status,
    name: row.name,
    card_id: maskCardId(row.card_id),
    front_pic: uploadUrl(row.front_name),
    reverse_pic: uploadUrl(row.reverse_name),
    reason: status === ReviewStatus.Rejected ? row.reason : '',
  };
}
