import type { AdminAnnouncementSend, FeedbackEntry, FeedbackFilter, Lang } from '@pipwise/shared';
import type { Db } from '../../../core/db/database.js';
import { AppError } from '../../../core/app-error.js';
import type { ContentModule } from '../content-module.js';
import type { NewsArticle } from '../news.service.js';
import { uploadNameOf } from '../../uploads/index.js';
import type { AuditScope } from '../../../core/audit/audit.js';
import { adminImageUrl } from '../../../http/admin-image-url.js';
import { lockNews } from './content-admin.repository.js';

export interface NewsSave {
  id?: number | undefined;
  category_id: number;
  base_lang: Lang;
  logo: string;
  published: 0 | 1;
  lang: Lang;
  title: string;
  desc: string;
  content: string;
}

export interface TraderSave {
  id?: number | undefined;
  user: string;
  avatar: string;
  multiple: number;
  three_week_rate: string;
  three_week_win: string;
  three_week_profit: string;
  total_rate: string;
  total_trade_num: number;
  code: string;
  sort: number;
  enabled: 0 | 1;
}

/** Where the announcement is sent to the traders' inboxes (the notify module's broadcasts). */
export interface AnnouncementBroadcaster {
  record(
    trx: Db,
    announcementAt: number,
    operatorId: number | null,
  ): Promise<{ id: number; announcement_at: number; created_at: number } | undefined>;
  /** A page of the sends, newest first, each with how far it went. */
  page(page: number): Promise<{ data: SendProgress[]; total: number }>;
}

/** A send as the notify module reports it: the contract's row without the operator's e-mail. */
export type SendProgress = Omit<AdminAnnouncementSend, 'created_by_email'>;

/**
 * The e-mails of these operators, by id (the admin module's `operatorEmails`): who sent the
 * announcement. Handed in by the composition: the admin module owns `operators` and already
 * depends on this one.
 */
export type OperatorLookup = (db: Db, ids: readonly number[]) => Promise<Map<number, string>>;

const newsNotFound = () => AppError.rule('errors.news_not_found', { field: 'id' });

/** An article for the audit log: its settings and titles, and one language's text in full. */
function newsView(article: NewsArticle | undefined, lang?: Lang) {
  if (!article) return null;
  const { translations, ...settings } = article;
  return {
    ...settings,
    titles: Object.fromEntries(Object.entries(translations).map(([l, t]) => [l, t.title])),
    ...(lang ? { [lang]: translations[lang] ?? null } : {}),
  };
}

/** A feedback entry with its screenshot at the operators' image route. */
function forOperators(entry: FeedbackEntry): FeedbackEntry {
  const name = entry.screenshot ? uploadNameOf(entry.screenshot) : null;
  return { ...entry, screenshot: adminImageUrl(name) };
}

/**
 * The back office's side of the content module (modules/content): each change runs the
 * content service inside a transaction of ours, with its audit row.
 */
export class ContentAdminService {
  constructor(
    private readonly db: Db,
    private readonly cms: ContentModule,
    private readonly broadcasts: AnnouncementBroadcaster,
    private readonly operatorEmails: OperatorLookup,
  ) {}

  listNews(page: number) {
    return this.cms.news.listAll(page);
  }

  async article(id: number): Promise<NewsArticle> {
    const article = await this.cms.news.getArticle(id);
    if (!article) throw newsNotFound();
    return article;
  }

  /** Saves an article's settings and one language's text, keeping the other languages. */
  saveNews(input: NewsSave, operatorId: number, audit: AuditScope): Promise<NewsArticle> {
    return this.db.transaction().execute(async (trx) => {
      if (input.id !== undefined) await lockNews(trx, input.id);
      const before = input.id === undefined ? undefined : await this.cms.news.getArticle(input.id, trx);
      if (input.id !== undefined && !before) throw newsNotFound();
      const text = { title: input.title, desc: input.desc, content: input.content };
      const { id } = await this.cms.news.saveNews(
        {
          ...(input.id !== undefined ? { id: input.id } : {}),
          category_id: input.category_id,
          base_lang: input.base_lang,
          logo: input.logo,
          published: input.published === 1,
          translations: { ...(before?.translations ?? {}), [input.lang]: text },
        },
        operatorId,
        trx,
      );
      const after = await this.cms.news.getArticle(id, trx);
      if (!after) throw newsNotFound();
      await audit.write(trx, {
        action: before ? 'news.save' : 'news.create',
        objectType: 'news',
        objectId: id,
        before: newsView(before, input.lang),
        after: newsView(after, input.lang),
      });
      return after;
    });
  }

  /** Drops one language's text of an article (never its base language's). */
  removeTranslation(id: number, lang: Lang, operatorId: number, audit: AuditScope): Promise<NewsArticle> {
    return this.db.transaction().execute(async (trx) => {
      await lockNews(trx, id);
      const before = await this.cms.news.getArticle(id, trx);
      if (!before) throw newsNotFound();
      if (lang === before.base_lang) throw AppError.rule('errors.admin_base_lang_kept', { field: 'lang' });
      if (!before.translations[lang])
        throw AppError.rule('errors.admin_translation_missing', { field: 'lang' });
      const translations = { ...before.translations };
      delete translations[lang];
      await this.cms.news.saveNews(
        {
          id,
          category_id: before.category_id,
          base_lang: before.base_lang as Lang,
          logo: before.logo,
          published: before.published,
          translations,
        },
        operatorId,
        trx,
      );
      const after = await this.cms.news.getArticle(id, trx);
      if (!after) throw newsNotFound();
      await audit.write(trx, {
        action: 'news.remove_translation',
        objectType: 'news',
        objectId: id,
        before: newsView(before, lang),
        after: newsView(after, lang),
      });
      return after;
    });
  }

  deleteNews(id: number, audit: AuditScope): Promise<void> {
    return this.db.transaction().execute(async (trx) => {
      const before = await this.cms.news.getArticle(id, trx);
      if (!before) throw newsNotFound();
      await this.cms.news.deleteNews(id, trx);
      await audit.write(trx, {
        action: 'news.delete',
        objectType: 'news',
        objectId: id,
        before: newsView(before),
        after: null,
      });
    });
  }

  announcements() {
    return this.cms.announcements.listAll();
  }

  saveAnnouncement(
    input: { lang: Lang; title: string; content: string },
    operatorId: number,
    audit: AuditScope,
  ) {
    return this.db.transaction().execute(async (trx) => {
      const before = (await this.cms.announcements.listAll(trx)).find((a) => a.lang === input.lang);
      await this.cms.announcements.saveAnnouncement(
        input.lang,
        { title: input.title, content: input.content },
        operatorId,
        trx,
      );
      const after = (await this.cms.announcements.listAll(trx)).find((a) => a.lang === input.lang);
      if (!after) throw AppError.rule('errors.internal');
      await audit.write(trx, {
        action: 'announcement.save',
        objectType: 'announcement',
        objectId: input.lang,
        before: before ?? null,
        after,
      });
      return after;
    });
  }

  /**
   * Sends the announcement to every trader's inbox (docs/notifications.md "Announcements"):
   * records a broadcast of its version — the newest `updated_at` over the languages, which
   * must be the one the operator saw — and returns; a job writes the notices. Saving never
   * sends, and a version is sent once.
   */
  broadcastAnnouncement(updatedAt: number, operatorId: number, audit: AuditScope) {
    return this.db.transaction().execute(async (trx) => {
      const all = await this.cms.announcements.listAll(trx);
      const version = Math.max(0, ...all.map((a) => a.updated_at));
      if (version === 0) throw AppError.rule('errors.announcement_none');
      if (version !== updatedAt) throw AppError.rule('errors.announcement_changed', { field: 'updated_at' });
      const sent = await this.broadcasts.record(trx, version, operatorId);
      if (!sent) throw AppError.rule('errors.announcement_already_sent', { field: 'updated_at' });
      await audit.write(trx, {
        action: 'announcement.broadcast',
        objectType: 'announcement_broadcast',
        objectId: sent.id,
        before: null,
        after: sent,
      });
      return sent;
    });
  }

  /** The sends of the announcement, newest first, with who sent each and how far it went. */
  async announcementSends(page: number): Promise<{ data: AdminAnnouncementSend[]; total: number }> {
    const { data, total } = await this.broadcasts.page(page);
    const ids = [...new Set(data.flatMap((b) => (b.created_by === null ? [] : [b.created_by])))];
    const emails = await this.operatorEmails(this.db, ids);
    return {
      data: data.map((b) => ({
        ...b,
        created_by_email: b.created_by === null ? null : (emails.get(b.created_by) ?? null),
      })),
      total,
    };
  }

  traders() {
    return this.cms.traders.listAll();
  }

  saveTrader(input: TraderSave, audit: AuditScope) {
    return this.db.transaction().execute(async (trx) => {
      const before = input.id === undefined ? undefined : await this.cms.traders.getTrader(input.id, trx);
      const { id } = await this.cms.traders.saveFollowTrader({ ...input, enabled: input.enabled === 1 }, trx);
      const after = await this.cms.traders.getTrader(id, trx);
      if (!after) throw AppError.rule('errors.trader_not_found', { field: 'id' });
      await audit.write(trx, {
        action: before ? 'trader.save' : 'trader.create',
        objectType: 'trader',
        objectId: id,
        before: before ?? null,
        after,
      });
      return after;
    });
  }

  deleteTrader(id: number, audit: AuditScope): Promise<void> {
    return this.db.transaction().execute(async (trx) => {
      const before = await this.cms.traders.getTrader(id, trx);
      if (!before) throw AppError.rule('errors.trader_not_found', { field: 'id' });
      await this.cms.traders.deleteFollowTrader(id, trx);
      await audit.write(trx, {
        action: 'trader.delete',
        objectType: 'trader',
        objectId: id,
        before,
        after: null,
      });
    });
  }

  async feedback(filter: FeedbackFilter, page: number) {
    const { data, total } = await this.cms.feedback.listFeedback(filter, page);
    return { data: data.map(forOperators), total };
  }

  handleFeedback(id: number, operatorId: number, audit: AuditScope): Promise<FeedbackEntry> {
    return this.db.transaction().execute(async (trx) => {
      const before = await this.cms.feedback.getFeedback(id, trx);
      const after = await this.cms.feedback.markFeedbackHandled(id, operatorId, trx);
      await audit.write(trx, {
        action: 'feedback.handle',
        objectType: 'feedback',
        objectId: id,
        before: before ? { status: before.status } : null,
        after: { status: after.status, handled_by: after.handled_by },
      });
      return forOperators(after);
    });
  }
}
