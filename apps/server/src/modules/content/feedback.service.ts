import {
  FEEDBACK_HOURLY_LIMIT,
  FEEDBACK_PAGE_SIZE,
  FeedbackFilterSchema,
  FeedbackStatus,
  pageField,
  type FeedbackEntry,
  type FeedbackFilter,
  type FeedbackTopicValue,
  type Lang,
} from '@pipwise/shared';
import type { Db } from '../../core/db/database.js';
import { AppError } from '../../core/app-error.js';
import { parseInput } from '../../http/validation.js';
import { findOwnUpload, uploadUrl } from '../uploads/index.js';
import * as repo from './feedback.repository.js';
import { checkedId } from './service-input.js';
import { inTransaction } from '../../core/db/transaction.js';

const HOUR_MS = 60 * 60 * 1000;

export interface FeedbackSubmission {
  topic: FeedbackTopicValue;
  message: string;
  /** The URL `image_upload` returned, if the trader attached a screenshot. */
  screenshot?: string | undefined;
}

type QueueRow = NonNullable<Awaited<ReturnType<typeof repo.findFeedbackRow>>>;

function entryOf(row: QueueRow): FeedbackEntry {
  const phone = row.mobile ? `${row.area_code ?? ''} ${row.mobile}`.trim() : '';
  return {
    id: Number(row.id),
    user_id: Number(row.user_id),
    contact: row.email ?? phone,
    topic: row.topic,
    message: row.message,
    screenshot: row.screenshot_name ? uploadUrl(row.screenshot_name) : '',
    lang: row.lang,
    status: row.status,
    handled_by: row.handled_by === null ? null : Number(row.handled_by),
    handled_at: row.handled_at === null ? null : Number(row.handled_at),
    created_at: Number(row.created_at),
  };
}

const notFound = () => AppError.rule('errors.feedback_not_found', { field: 'id' });

/**
 * Traders' feedback (docs/product.md §2 `/feedback`): a logged-in trader sends a topic, a message and
 * optionally a screenshot of their own; it waits in the back office's support queue until
 * an operator marks it handled.
 */
export class FeedbackService {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  async submit(userId: number, lang: Lang, input: FeedbackSubmission): Promise<{ id: number }> {
    const now = this.now();
    // A soft limit: two sends racing may both pass it, which costs nothing.
    if ((await repo.countSentSince(this.db, userId, now - HOUR_MS)) >= FEEDBACK_HOURLY_LIMIT) {
      throw AppError.rule('errors.feedback_too_many');
    }
    let screenshotId: number | null = null;
    if (input.screenshot) {
      const upload = await findOwnUpload(this.db, userId, input.screenshot);
      if (!upload) throw AppError.rule('errors.upload_not_yours', { field: 'screenshot' });
      screenshotId = Number(upload.id);
    }
    const id = await repo.insertFeedback(this.db, {
      user_id: userId,
      topic: input.topic,
      message: input.message,
      screenshot_upload_id: screenshotId,
      lang,
      status: FeedbackStatus.Open,
      handled_by: null,
      handled_at: null,
      created_at: now,
    });
    return { id };
  }

  // ---- The back office ------------------------------------------------------------

  /** One page of the support queue, newest first, filtered by status, topic or user. */
  async listFeedback(
    filter: FeedbackFilter,
    page: unknown,
  ): Promise<{ data: FeedbackEntry[]; total: number }> {
    const f = parseInput(FeedbackFilterSchema, filter);
    const p = parseInput(pageField, page);
    const query = { status: f.status, topic: f.topic, userId: f.user_id };
    const [rows, total] = await Promise.all([
      repo.listFeedbackRows(this.db, query, FEEDBACK_PAGE_SIZE, (p - 1) * FEEDBACK_PAGE_SIZE),
      repo.countFeedback(this.db, query),
    ]);
    return { data: rows.map(entryOf), total };
  }

  async getFeedback(id: number, tx?: Db): Promise<FeedbackEntry | undefined> {
    const row = await repo.findFeedbackRow(tx ?? this.db, id);
    return row ? entryOf(row) : undefined;
  }

  /**
   * Marks an open feedback handled by an operator. Handling one twice (two operators, a
   * double click) is refused the second time: "already processed".
   */
  async markFeedbackHandled(id: number, operatorId: number, tx?: Db): Promise<FeedbackEntry> {
    const feedbackId = checkedId(id);
    const by = checkedId(operatorId, 'operator_id');
    return inTransaction(this.db, tx, async (trx) => {
      if (!(await repo.markHandled(trx, feedbackId, by, this.now()))) {
        throw (await repo.feedbackExists(trx, feedbackId))
          ? AppError.rule('errors.already_reviewed')
          : notFound();
      }
      const row = await repo.findFeedbackRow(trx, feedbackId);
      if (!row) throw notFound();
      return entryOf(row);
    });
  }
}
