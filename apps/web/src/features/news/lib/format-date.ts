import { LANG_INFO, normalizeLang } from '@pipwise/shared';
import { formatDay } from '@/lib/date-time';
import { traderTimeZone } from '@/lib/time-zone';

/**
 * "Nov 25, 2026" in the trader's language: an article's day, not a trading time, so no clock
 * and no zone — but the day is the one in the trader's zone, like every other time shown.
 */
export function formatArticleDate(ms: number, lang: string): string {
  return formatDay(ms, LANG_INFO[normalizeLang(lang)].bcp47, traderTimeZone());
}
