import {
  LANGS,
  NEWS_PAGE_SIZE,
  NewsInputSchema,
  pageField,
  type Lang,
  type NewsDetail,
  type NewsInput,
  type NewsItem,
} from '@pipwise/shared';
import type { Db } from '../../core/db/database.js';
import { AppError } from '../../core/app-error.js';
import { parseInput } from '../../http/validation.js';
import { isSafeImageUrl, sanitizeArticleHtml } from './html-sanitizer.js';
import * as repo from './news.repository.js';
import { checkedId } from './service-input.js';
import { inTransaction } from '../../core/db/transaction.js';

type PublishedRow = Awaited<ReturnType<typeof repo.listPublished>>[number];

/** An article as the back office edits it: every language's text. */
export interface NewsArticle {
  id: number;
  category_id: number;
  base_lang: string;
  logo: string;
  published: boolean;
  is_sample: boolean;
  created_at: number;
  updated_at: number;
  created_by: number | null;
  updated_by: number | null;
  translations: Partial<Record<Lang, { title: string; desc: string; content: string }>>;
}

const notFound = () => AppError.rule('errors.news_not_found', { field: 'id' });

/** The list item of a row: the caller's language when the article has it, else its base one. */
function itemOf(row: PublishedRow): NewsItem {
  const own = row.own_lang !== null;
  return {
    id: Number(row.id),
    category_id: row.category_id,
    title: (own ? row.own_title : row.base_title) ?? '',
    desc: (own ? row.own_summary : row.base_summary) ?? '',
    logo: row.logo,
    created_at: Number(row.created_at),
    lang: (own ? row.own_lang : row.base_lang) ?? '',
  };
}

/**
 * News (docs/product.md §3 "News"): published articles for traders; operators write them in any of
 * the 18 languages, and each article's HTML is sanitized when it is saved (and again by
 * the app when shown).
 */
export class NewsService {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  async list(lang: Lang, categoryId: number, page: number): Promise<{ data: NewsItem[]; total: number }> {
    const [rows, total] = await Promise.all([
      repo.listPublished(this.db, lang, categoryId, NEWS_PAGE_SIZE, (page - 1) * NEWS_PAGE_SIZE),
      repo.countPublished(this.db, categoryId),
    ]);
    return { data: rows.map(itemOf), total };
  }

  async info(lang: Lang, id: number): Promise<NewsDetail> {
    const row = await repo.findPublished(this.db, lang, id);
    if (!row) throw notFound();
    return { ...itemOf(row), content: (row.own_lang !== null ? row.own_content : row.base_content) ?? '' };
  }

  // ---- The back office ------------------------------------------------------------

  /**
   * Creates (no `id`) or changes an article. The input is checked against the contract
   * again, the cover must be a safe image address, the base language must have a text,
   * and every language's HTML is sanitized before it is stored. Pass `tx` to run inside
   * the caller's transaction. Returns the article's id.
   */
  async saveNews(input: NewsInput, operatorId: number | null, tx?: Db): Promise<{ id: number }> {
    const article = parseInput(NewsInputSchema, input);
    const by = operatorId === null ? null : checkedId(operatorId, 'operator_id');
    if (article.logo !== '' && !isSafeImageUrl(article.logo)) {
      throw AppError.rule('errors.image_url_invalid', { field: 'logo' });
    }
    if (!article.translations[article.base_lang]) {
      throw AppError.rule('errors.news_base_lang_missing', { field: 'translations' });
    }
    const texts = LANGS.flatMap((lang) => {
      const text = article.translations[lang];
      return text
        ? [{ lang, title: text.title, summary: text.desc, content: sanitizeArticleHtml(text.content) }]
        : [];
    });
    const now = this.now();
    return inTransaction(this.db, tx, async (trx) => {
      let id = article.id;
      const values = {
        category_id: article.category_id,
        base_lang: article.base_lang,
        logo: article.logo,
        published: article.published ? 1 : 0,
        // An operator's save makes it theirs: no longer a sample to replace.
        is_sample: 0,
        updated_by: by,
        updated_at: now,
      };
      if (id === undefined) {
        id = await repo.insertNews(trx, { ...values, created_by: by, created_at: now });
      } else {
        if (!(await repo.findNews(trx, id))) throw notFound();
        await repo.updateNews(trx, id, values);
      }
      await repo.replaceTranslations(trx, id, texts);
      return { id };
    });
  }

  /** Removes an article; an unknown id is refused. */
  async deleteNews(id: number, tx?: Db): Promise<void> {
    const newsId = checkedId(id);
    await inTransaction(this.db, tx, async (trx) => {
      if (!(await repo.deleteNewsRow(trx, newsId))) throw notFound();
    });
  }

  /** One article with every language's text, published or not (undefined when unknown). */
  async getArticle(id: number, tx?: Db): Promise<NewsArticle | undefined> {
    const db = tx ?? this.db;
    const row = await repo.findNews(db, id);
    if (!row) return undefined;
    const texts = await repo.translationsOf(db, id);
    return {
      id: Number(row.id),
      category_id: row.category_id,
      base_lang: row.base_lang,
      logo: row.logo,
      published: row.published === 1,
      is_sample: row.is_sample === 1,
      created_at: Number(row.created_at),
      updated_at: Number(row.updated_at),
      created_by: row.created_by === null ? null : Number(row.created_by),
      updated_by: row.updated_by === null ? null : Number(row.updated_by),
      translations: Object.fromEntries(
        texts.map((t) => [t.lang, { title: t.title, desc: t.summary, content: t.content }]),
      ),
    };
  }

  /** Every article, newest first, with its base-language title (the back office's list). */
  async listAll(page: unknown) {
    const p = parseInput(pageField, page);
    const [rows, total] = await Promise.all([
      repo.listAllNews(this.db, NEWS_PAGE_SIZE * 2, (p - 1) * NEWS_PAGE_SIZE * 2),
      repo.countAllNews(this.db),
    ]);
    return {
      data: rows.map((r) => ({
        id: Number(r.id),
        category_id: r.category_id,
        title: r.title,
        base_lang: r.base_lang,
        logo: r.logo,
        published: r.published === 1,
        is_sample: r.is_sample === 1,
        created_at: Number(r.created_at),
        updated_at: Number(r.updated_at),
      })),
      total,
    };
  }
}
