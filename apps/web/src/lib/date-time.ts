/**
 * The app's one way of showing when something happened (orders, account log, alerts,
 * notices, passkeys, deposits and withdrawals): the date and a 24-hour time in the trader's
 * zone (lib/time-zone.ts), written the reader's way (month names, order) with Latin digits,
 * and always the zone's short name after the time — "Nov 26, 2026, 12:43:45 EST",
 * "2026年11月27日 01:43:45 GMT+8". Built from epoch milliseconds, never from the API's
 * preformatted strings. See apps/web/README.md "Numbers, money and times".
 */

const formats = new Map<string, Intl.DateTimeFormat>();

/** A formatter for `locale` (BCP 47; a bad tag falls back to English) with Latin digits. */
function formatter(locale: string, zone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${zone}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    let tag: string;
    try {
      tag = Intl.getCanonicalLocales(locale)[0] ?? 'en-US';
    } catch {
      tag = 'en-US';
    }
    format = new Intl.DateTimeFormat(`${tag}-u-nu-latn`, { ...options, timeZone: zone });
    // Zones and languages are few; the cap only guards against a caller passing garbage.
    if (formats.size < 200) formats.set(key, format);
  }
  return format;
}

const DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric' };
const TIME: Intl.DateTimeFormatOptions = {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
};

const isInstant = (ms: number | null | undefined): ms is number =>
  typeof ms === 'number' && Number.isFinite(ms) && ms > 0;

/**
 * The zone's short name at instant `ms` as `locale` writes it: "EST" / "EDT", "GMT+8",
 * "MEZ", "غرينتش+4". `long` gives the full name ("Hong Kong Standard Time") for labels.
 */
export function zoneName(
  ms: number,
  locale: string,
  zone: string,
  style: 'short' | 'long' = 'short',
): string {
  const parts = formatter(locale, zone, { timeZoneName: style }).formatToParts(ms);
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? zone;
}

/**
 * Epoch ms as date, time and zone in `zone`; "--" for none (0) or garbage. The zone is put
 * after the time rather than asked of Intl with the rest: some languages (Korean, Thai) then
 * switch to a spelled-out clock ("00시 43분 45초"), which the rest of the app never shows.
 */
export function formatDateTime(ms: number | null | undefined, locale: string, zone: string): string {
  if (!isInstant(ms)) return '--';
  const parts = formatter(locale, zone, { ...DATE, ...TIME }).formatToParts(ms);
  const lastOfTime = parts.map((p) => p.type).lastIndexOf('second');
  const name = zoneName(ms, locale, zone);
  return [
    ...parts.slice(0, lastOfTime + 1).map((p) => p.value),
    ` ${name}`,
    ...parts.slice(lastOfTime + 1).map((p) => p.value),
  ].join('');
}

/** The calendar day of `ms` in `zone` ("Nov 26, 2026"), for dates that have no time of day. */
export function formatDay(ms: number | null | undefined, locale: string, zone: string): string {
  return isInstant(ms) ? formatter(locale, zone, DATE).format(ms) : '';
}
