import type { Lang } from '@pipwise/shared';

/**
 * The app language a browser asks for: the first of `navigator.languages` (BCP 47 tags,
 * most wanted first) that is one of the 18, by its primary subtag. Chinese of any region
 * or script reads the Traditional Chinese texts (the only Chinese there is). Null when
 * none matches, so the caller falls back to the default (zh-HK, docs/product.md §9).
 */
const BY_PRIMARY: Readonly<Record<string, Lang>> = {
  zh: 'hk',
  en: 'en',
  ja: 'jp',
  ko: 'kr',
  th: 'th',
  vi: 'vn',
  fr: 'fr',
  de: 'de',
  ru: 'ru',
  es: 'spa',
  pt: 'pt',
  ar: 'ar',
  it: 'it',
  tr: 'tr',
  id: 'id',
  in: 'id', // the withdrawn code for Indonesian, still sent by old Android builds
  ms: 'my',
  hi: 'hi',
  cs: 'cs',
};

/** One tag's language ("en-US" → en, "ja" → jp, "zh-TW" → hk), or null. */
export function langFromTag(tag: string): Lang | null {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return Object.hasOwn(BY_PRIMARY, primary) ? BY_PRIMARY[primary]! : null;
}

/** The first of the browser's languages the app speaks, in the browser's order, or null. */
export function preferredLang(tags: readonly string[]): Lang | null {
  for (const tag of tags) {
    const lang = langFromTag(tag);
    if (lang) return lang;
  }
  return null;
}

/** What the running browser asks for (navigator.languages, else navigator.language). */
export function browserTags(nav: Pick<Navigator, 'languages' | 'language'> | undefined): readonly string[] {
  if (!nav) return [];
  if (nav.languages && nav.languages.length > 0) return nav.languages;
  return nav.language ? [nav.language] : [];
}
