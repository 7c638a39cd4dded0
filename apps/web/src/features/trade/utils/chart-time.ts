import { MARKET_TIMEZONE, TRADING_DAY_START_HOUR, type Period } from '@pipwise/shared';

/**
 * Chart times in the trader's zone, like every other time of the app (lib/date-time.ts),
 * kept compact: no zone name on each mark (the period bar names the zone once).
 * lightweight-charts takes candle times as UTC seconds and would label them in UTC; these
 * formatters label the same instants in `zone`, so the data stays true (no shifted
 * timestamps) and only the text changes.
 *
 * A 1day candle is a trading day, which runs from 17:00 New York the evening before
 * (docs/product.md §9): day candles are labelled by that trading day's date, read in New York
 * 7 hours after the candle starts, whatever the trader's zone — a date has no zone to convert.
 * A 1week candle is the trading week from Sunday 17:00 New York (docs/market-data.md "Candle
 * periods"), labelled the same way: by the date of its first trading day, the Monday. A
 * 4hour candle is a time of day like the shorter ones, in the trader's zone.
 */
const DAY_SHIFT_S = (24 - TRADING_DAY_START_HOUR) * 3600;

/** Periods whose candles are whole trading days: labelled by a date, with no time of day. */
export function isDatePeriod(period: Period): boolean {
  return period === '1day' || period === '1week';
}

/** The kinds of axis marks (lightweight-charts' TickMarkType values). */
export const Tick = { Year: 0, Month: 1, DayOfMonth: 2, Time: 3, TimeWithSeconds: 4 } as const;

const cache = new Map<string, Intl.DateTimeFormat>();

function format(locale: string, zone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${zone}|${JSON.stringify(options)}`;
  let f = cache.get(key);
  if (!f) {
    // Latin digits on the chart in every language, like the prices (lib/format.ts).
    let resolved: string;
    try {
      resolved = Intl.getCanonicalLocales(locale)[0] ?? 'en-US';
    } catch {
      resolved = 'en-US';
    }
    f = new Intl.DateTimeFormat(`${resolved}-u-nu-latn`, { timeZone: zone, ...options });
    cache.set(key, f);
  }
  return f;
}

/** The instant a candle is labelled by, and the zone it is read in. */
const labelOf = (seconds: number, period: Period, zone: string) =>
  isDatePeriod(period)
    ? { date: new Date((seconds + DAY_SHIFT_S) * 1000), zone: MARKET_TIMEZONE }
    : { date: new Date(seconds * 1000), zone };

const HM: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };

/** An axis mark: the year, month, day or time of a candle, in `zone`. */
export function tickLabel(
  seconds: number,
  tick: number,
  period: Period,
  locale: string,
  zone: string,
): string {
  const at = labelOf(seconds, period, zone);
  const as = (options: Intl.DateTimeFormatOptions) => format(locale, at.zone, options).format(at.date);
  // Days and weeks have no time of day to show, even if asked for a time mark.
  switch (isDatePeriod(period) && tick > Tick.DayOfMonth ? Tick.DayOfMonth : tick) {
    case Tick.Year:
      return as({ year: 'numeric' });
    case Tick.Month:
      return as({ month: 'short' });
    case Tick.DayOfMonth:
      return as({ month: 'numeric', day: 'numeric' });
    case Tick.TimeWithSeconds:
      return as({ ...HM, second: '2-digit' });
    default:
      return as(HM);
  }
}

/** The crosshair's label: date and time of a candle in `zone`; the first trading day only for days and weeks. */
export function crosshairLabel(seconds: number, period: Period, locale: string, zone: string): string {
  const at = labelOf(seconds, period, zone);
  const options: Intl.DateTimeFormatOptions = isDatePeriod(period)
    ? { year: 'numeric', month: 'short', day: 'numeric' }
    : { month: 'short', day: 'numeric', ...HM };
  return format(locale, at.zone, options).format(at.date);
}
