import { LANG_INFO } from '@pipwise/shared';
import { currentLang } from './i18n';
import { operatorTimeZone } from './time-zone';

/**
 * Numbers and times in the operator's language. Money in the back office is USD with two
 * decimals; decimals that arrive as strings (lots, rates) are shown as they are, so no
 * float rounding ever changes what the server stored.
 */
function locale(): string {
  return LANG_INFO[currentLang()].bcp47;
}

/**
 * USD as "$1,234.50" / "-$25.00" in every language: the digits follow the operator's
 * locale, the sign and "$" stay in front (Intl's Arabic currency format reads "US$" after
 * the number, which a right-to-left table turns around).
 */
export function formatUsd(value: number): string {
  const digits = new Intl.NumberFormat(locale(), {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(Math.abs(value));
  return `${value < 0 ? '-' : ''}$${digits}`;
}

export function formatNumber(value: number, maxDecimals = 2): string {
  return new Intl.NumberFormat(locale(), { maximumFractionDigits: maxDecimals }).format(value);
}

/** A signed amount with its sign always shown (+25.00, −10.00). */
export function formatSigned(value: number): string {
  return new Intl.NumberFormat(locale(), {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    signDisplay: 'exceptZero',
  }).format(value);
}

/**
 * Times: the back office's one format for when something happened, on every screen —
 * date, 24-hour time to the second, and always the zone's short name after the time:
 * "Nov 26, 2026, 12:43:45 EST", "2026年11月27日 01:43:45 GMT+8" (the traders' app writes
 * times the same way). In the operator's zone (time-zone.ts) unless a screen names
 * another (the reports' chosen zone, UTC for stored candles). Latin digits, like the
 * traders' app, so a time reads the same in a support ticket whatever the language.
 * See apps/admin/README.md "Times".
 */

const timeFormats = new Map<string, Intl.DateTimeFormat>();

/** A formatter per language, zone and shape: building one costs more than a table row should pay. */
function timeFormat(zone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale()}|${zone}|${JSON.stringify(options)}`;
  let format = timeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(`${locale()}-u-nu-latn`, { ...options, timeZone: zone });
    timeFormats.set(key, format);
  }
  return format;
}

const DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric' };
const CLOCK: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };

const isInstant = (ms: number | null | undefined): ms is number =>
  typeof ms === 'number' && Number.isFinite(ms);

/** The zone's short name at that instant ("EST" / "EDT", "GMT+8", "UTC"), for labels that name it once. */
export function zoneName(epochMs: number, zone = operatorTimeZone()): string {
  const parts = timeFormat(zone, { timeZoneName: 'short' }).formatToParts(epochMs);
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? zone;
}

/**
 * `options` written at `epochMs`, the zone's name put right after the seconds. Asking Intl
 * for the zone with the rest would make some languages (Korean, Thai) spell the clock out
 * ("01시 43분 45초"), unlike every other time on screen.
 */
function withZone(epochMs: number, zone: string, options: Intl.DateTimeFormatOptions): string {
  const parts = timeFormat(zone, options).formatToParts(epochMs);
  const types = parts.map((p) => p.type);
  const end = Math.max(types.lastIndexOf('second'), types.lastIndexOf('fractionalSecond')) + 1;
  const values = parts.map((p) => p.value);
  return [...values.slice(0, end), ` ${zoneName(epochMs, zone)}`, ...values.slice(end)].join('');
}

/** When something happened: date, time and zone ("—" for none). */
export function formatTime(epochMs: number | null | undefined, zone = operatorTimeZone()): string {
  if (!isInstant(epochMs)) return '—';
  return withZone(epochMs, zone, { ...DATE, ...CLOCK, second: '2-digit' });
}

/**
 * The time of day alone, with its zone ("09:30:15.042 GMT+8"), where the date goes without
 * saying (a live quote); `millis` where the gap between two stamps is what matters.
 */
export function formatTimeOfDay(
  epochMs: number | null | undefined,
  { zone = operatorTimeZone(), millis = false }: { zone?: string; millis?: boolean } = {},
): string {
  if (!isInstant(epochMs)) return '—';
  return withZone(epochMs, zone, {
    ...CLOCK,
    second: '2-digit',
    ...(millis ? { fractionalSecondDigits: 3 } : {}),
  });
}

/** Hours and minutes ("23:05") for a chart's axis; the chart names the zone elsewhere (`zoneName`). */
export function formatAxisMinute(epochMs: number, zone = operatorTimeZone()): string {
  return timeFormat(zone, CLOCK).format(epochMs);
}
