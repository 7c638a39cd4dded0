import { MARKET_TIMEZONE } from '@pipwise/shared';

/**
 * The app's one way of showing when something happened (orders, account log, resets):
 * the date and time in New York — the trading day's and the chart's clock (docs/product.md §9) —
 * written the reader's way (month names, order) with Latin digits and a 24-hour clock,
 * e.g. "Nov 26, 2026, 00:23:33"; the screen adds the zone through `common.market_time`
 * ("… ET"). Built from the API's epoch milliseconds (CreatedAt, CompletedAt), never from
 * its preformatted strings. See apps/web/README.md "Numbers, money and times".
 */
const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(locale: string): Intl.DateTimeFormat {
  let format = formats.get(locale);
  if (!format) {
    let tag: string;
    try {
      tag = Intl.getCanonicalLocales(locale)[0] ?? 'en-US';
    } catch {
      tag = 'en-US';
    }
    format = new Intl.DateTimeFormat(`${tag}-u-nu-latn`, {
      timeZone: MARKET_TIMEZONE,
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(locale, format);
  }
  return format;
}

/** Epoch ms as New York date and time in `locale` (BCP 47); "--" for none (0) or garbage. */
export function formatMarketTime(ms: number | null | undefined, locale: string): string {
  if (!ms || !Number.isFinite(ms) || ms < 0) return '--';
  return formatFor(locale).format(ms);
}
