import {
  NEWS_DEFAULT_CATEGORY,
  normalizeLang,
  type AdminNewsArticle,
  type adminSaveNewsEndpoint,
  type EndpointInput,
  type Lang,
} from '@pipwise/shared';
import { toFlag } from '@/lib/codes';

export interface NewsValues {
  category_id: number;
  base_lang: Lang;
  logo: string;
  published: boolean;
  title: string;
  desc: string;
  content: string;
}

export const NEWS_STALE = ['/api/admin/news/'];

/** The text of one language of an article (empty for a language not written yet). */
export function textOf(article: AdminNewsArticle | null, lang: Lang) {
  const text = article?.translations[lang];
  return { title: text?.title ?? '', desc: text?.desc ?? '', content: text?.content ?? '' };
}

export const baseLangOf = (article: AdminNewsArticle | null): Lang =>
  normalizeLang(article?.base_lang ?? 'en');

/** The languages an article is written in. */
export const writtenLangs = (article: AdminNewsArticle | null): Lang[] =>
  article ? (Object.keys(article.translations) as Lang[]) : [];

/** A new article starts in English (or the language chosen), in the app's news category. */
export function initialNews(article: AdminNewsArticle | null): NewsValues {
  const base = baseLangOf(article);
  return {
    category_id: article?.category_id ?? NEWS_DEFAULT_CATEGORY,
    base_lang: base,
    logo: article?.logo ?? '',
    published: article?.published ?? false,
    ...textOf(article, base),
  };
}

/**
 * What `news/save` is sent: the settings and the text of the language being edited. A new
 * article is written in its base language; a saved one keeps its base language.
 */
export function newsInput(
  article: AdminNewsArticle | null,
  lang: Lang,
  v: NewsValues,
): EndpointInput<typeof adminSaveNewsEndpoint> {
  return {
    ...(article ? { id: article.id } : {}),
    category_id: v.category_id,
    base_lang: article ? baseLangOf(article) : v.base_lang,
    logo: v.logo.trim(),
    published: toFlag(v.published),
    lang: article ? lang : v.base_lang,
    title: v.title.trim(),
    desc: v.desc.trim(),
    // HTML as written: the server cleans it.
    content: v.content,
  };
}
