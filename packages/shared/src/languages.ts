/** The 18 interface languages, by the codes the spec uses on the wire (`lang` header). */
export const LANGS = [
  'hk',
  'en',
  'jp',
  'kr',
  'th',
  'vn',
  'fr',
  'de',
  'ru',
  'spa',
  'pt',
  'ar',
  'it',
  'tr',
  'id',
  'my',
  'hi',
  'cs',
] as const;

export type Lang = (typeof LANGS)[number];

/** Spec §9: the default language is zh-HK. */
export const DEFAULT_LANG: Lang = 'hk';

interface LangInfo {
  /** BCP 47 tag for `<html lang>`, `Intl` formatting and the chart. */
  bcp47: string;
  /** The language's name in itself, as shown in the language picker. */
  nativeName: string;
  dir: 'ltr' | 'rtl';
}

export const LANG_INFO: Record<Lang, LangInfo> = {
  hk: { bcp47: 'zh-HK', nativeName: '繁體中文', dir: 'ltr' },
  en: { bcp47: 'en', nativeName: 'English', dir: 'ltr' },
  jp: { bcp47: 'ja', nativeName: '日本語', dir: 'ltr' },
  kr: { bcp47: 'ko', nativeName: '한국어', dir: 'ltr' },
  th: { bcp47: 'th', nativeName: 'ไทย', dir: 'ltr' },
  vn: { bcp47: 'vi', nativeName: 'Tiếng Việt', dir: 'ltr' },
  fr: { bcp47: 'fr', nativeName: 'Français', dir: 'ltr' },
  de: { bcp47: 'de', nativeName: 'Deutsch', dir: 'ltr' },
  ru: { bcp47: 'ru', nativeName: 'Русский', dir: 'ltr' },
  spa: { bcp47: 'es', nativeName: 'Español', dir: 'ltr' },
  pt: { bcp47: 'pt', nativeName: 'Português', dir: 'ltr' },
  ar: { bcp47: 'ar', nativeName: 'العربية', dir: 'rtl' },
  it: { bcp47: 'it', nativeName: 'Italiano', dir: 'ltr' },
  tr: { bcp47: 'tr', nativeName: 'Türkçe', dir: 'ltr' },
  id: { bcp47: 'id', nativeName: 'Bahasa Indonesia', dir: 'ltr' },
  my: { bcp47: 'ms', nativeName: 'Bahasa Melayu', dir: 'ltr' },
  hi: { bcp47: 'hi', nativeName: 'हिन्दी', dir: 'ltr' },
  cs: { bcp47: 'cs', nativeName: 'Čeština', dir: 'ltr' },
};

const LANG_SET: ReadonlySet<string> = new Set(LANGS);

/**
 * Turns whatever a client sent as `lang` into one of the 18 codes.
 * `tw` is an alias of `hk` (docs/product.md §9); anything unknown falls back to the default.
 */
export function normalizeLang(value: unknown): Lang {
  if (typeof value !== 'string') return DEFAULT_LANG;
  const v = value.trim().toLowerCase();
  if (v === 'tw') return 'hk';
  return LANG_SET.has(v) ? (v as Lang) : DEFAULT_LANG;
}
