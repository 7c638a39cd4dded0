import { MARKET_TIMEZONE, TRADING_DAY_START_HOUR, type Period } from '@pipwise/shared';

/**
 * Chart times in New York (docs/product.md §9). lightweight-charts takes candle times as UTC seconds
 * and would label them in UTC; these formatters label the same instants in New York time,
 * so the data stays true (no shifted timestamps) and only the text changes.
 *
 * A 1day candle starts at 17:00 New York, the evening before the trading day it belongs
 * to: day candles are labelled by their trading day, i.e. 7 hours later.
 */
const DAY_SHIFT_S = (24 - TRADING_DAY_START_HOUR) * 3600;

/** The kinds of axis marks (lightweight-charts' TickMarkType values). */
export const Tick = { Year: 0, Month: 1, DayOfMonth: 2, Time: 3, TimeWithSeconds: 4 } as const;

const cache = new Map<string, Intl.DateTimeFormat>();

function format(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = cache.get(key);
  if (!f) {
    // Latin digits on the chart in every language, like the prices (lib/format.ts).
    let resolved: string;
    try {
      resolved = Intl.getCanonicalLocales(locale)[0] ?? 'en-US';
    } catch {
      resolved = 'en-US';
    }
    f = new Intl.DateTimeFormat(`${resolved}-u-nu-latn`, { timeZone: MARKET_TIMEZONE, ...options });
    cache.set(key, f);
  }
  return f;
}

const labelTime = (seconds: number, period: Period) =>
  new Date((period === '1day' ? seconds + DAY_SHIFT_S : seconds) * 1000);

const HM: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };

/** An axis mark: the year, month, day or time of a candle, in New York. */
export function tickLabel(seconds: number, tick: number, period: Period, locale: string): string {
  const date = labelTime(seconds, period);
  switch (tick) {
    case Tick.Year:
      return format(locale, { year: 'numeric' }).format(date);
    case Tick.Month:
      return format(locale, { month: 'short' }).format(date);
    case Tick.DayOfMonth:
      return format(locale, { month: 'numeric', day: 'numeric' }).format(date);
    case Tick.TimeWithSeconds:
      return format(locale, { ...HM, second: '2-digit' }).format(date);
    default:
      return format(locale, HM).format(date);
  }
}

/** The crosshair's label: date and time (New York) of a candle; the date only for days. */
export function crosshairLabel(seconds: number, period: Period, locale: string): string {
  const date = labelTime(seconds, period);
  return period === '1day'
    ? format(locale, { year: 'numeric', month: 'short', day: 'numeric' }).format(date)
    : format(locale, { month: 'short', day: 'numeric', ...HM }).format(date);
}
