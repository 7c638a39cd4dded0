import {
  AnnouncementInputSchema,
  LANGS,
  type Announcement,
  type AnnouncementInput,
  type Lang,
} from '@pipwise/shared';
import { z } from 'zod';
import type { Db } from '../../core/db/database.js';
import { AppError } from '../../core/app-error.js';
import { parseInput } from '../../http/validation.js';
import * as repo from './announcement.repository.js';
import { sanitizeArticleHtml, textOf } from './html-sanitizer.js';
import { checkedId } from './service-input.js';
import { inTransaction } from '../../core/db/transaction.js';

/** Where a language has no announcement of its own, English is shown. */
const FALLBACK_LANG: Lang = 'en';

const langSchema = z.object({ lang: z.enum(LANGS) });

/**
 * The announcement (docs/product.md §1: it states where service is not provided), one per language;
 * operators edit each language in the back office, and its HTML is sanitized when saved.
 */
export class AnnouncementService {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  /** The caller's language, else English; empty texts when none was ever written. */
  async get(lang: Lang): Promise<Announcement> {
    const row =
      (await repo.findAnnouncement(this.db, lang)) ??
      (lang === FALLBACK_LANG ? undefined : await repo.findAnnouncement(this.db, FALLBACK_LANG));
    if (!row) return { lang, title: '', content: '', updated_at: 0 };
    return { lang: row.lang, title: row.title, content: row.content, updated_at: Number(row.updated_at) };
  }

  // ---- The back office ------------------------------------------------------------

  /**
   * Writes one language's announcement. The HTML is sanitized, and an announcement with
   * nothing left to read is refused. Pass `tx` to run inside the caller's transaction.
   */
  async saveAnnouncement(
    lang: unknown,
    input: AnnouncementInput,
    operatorId: number | null = null,
    tx?: Db,
  ): Promise<Announcement> {
    const { lang: code } = parseInput(langSchema, { lang });
    const { title, content } = parseInput(AnnouncementInputSchema, input);
    const by = operatorId === null ? null : checkedId(operatorId, 'operator_id');
    const clean = sanitizeArticleHtml(content);
    if (textOf(clean) === '' && !clean.includes('<img')) {
      throw AppError.rule('errors.content_empty', { field: 'content' });
    }
    const updatedAt = this.now();
    await inTransaction(this.db, tx, (trx) =>
      repo.upsertAnnouncement(trx, {
        lang: code,
        title,
        content: clean,
        is_sample: 0,
        updated_by: by,
        updated_at: updatedAt,
      }),
    );
    return { lang: code, title, content: clean, updated_at: updatedAt };
  }

  /** Every language's announcement as stored (the back office's overview). */
  async listAll(tx?: Db) {
    const rows = await repo.allAnnouncements(tx ?? this.db);
    return rows.map((r) => ({
      lang: r.lang,
      title: r.title,
      content: r.content,
      is_sample: r.is_sample === 1,
      updated_by: r.updated_by === null ? null : Number(r.updated_by),
      updated_at: Number(r.updated_at),
    }));
  }
}
