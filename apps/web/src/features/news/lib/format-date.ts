import { LANG_INFO, normalizeLang } from '@pipwise/shared';

const formats = new Map<string, Intl.DateTimeFormat>();

/** "25 Nov 2026" in the trader's language (the article's date, not a trading time). */
export function formatArticleDate(ms: number, lang: string): string {
  const tag = LANG_INFO[normalizeLang(lang)].bcp47;
  let format = formats.get(tag);
  if (!format) {
    format = new Intl.DateTimeFormat(tag, { year: 'numeric', month: 'short', day: 'numeric' });
    formats.set(tag, format);
  }
  return Number.isFinite(ms) && ms > 0 ? format.format(ms) : '';
}
