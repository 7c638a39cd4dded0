/**
 * Time zones as an operator's page names them (IANA ids such as `Europe/London`, or `UTC`),
 * and the start of "today" there (docs/dealing-desk.md "Today"). Node and the browsers read
 * the zone database through Intl; nothing here keeps its own table of offsets.
 */

/** The zone used when a page names none. */
export const DEFAULT_TIME_ZONE = 'UTC';

/** An id's shape: `UTC`, `Area/Location` or `Area/Location/Sub`, at most 64 characters. */
const ZONE_SHAPE = /^(?:UTC|[A-Z][A-Za-z_-]{1,30}(?:\/[A-Z0-9][A-Za-z0-9_+-]{0,30}){1,2})$/;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** A formatter reading wall-clock parts in `zone`, made once per zone (they are costly). */
function wallClock(zone: string): Intl.DateTimeFormat {
  let format = formatters.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    if (formatters.size < 500) formatters.set(zone, format);
  }
  return format;
}

/**
 * Whether `value` is a time zone this runtime knows, named exactly as the zone database
 * does (letters' case included): no offsets such as `+08:00`, no lower-case `utc`.
 */
export function isZoneId(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 64 || !ZONE_SHAPE.test(value)) return false;
  try {
    wallClock(value);
    return true;
  } catch {
    return false;
  }
}

/** The wall-clock fields of an instant in a zone. */
export interface Wall {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** What the clock on the wall reads in `zone` at instant `at` (epoch ms). */
export function wallClockAt(at: number, zone: string): Wall {
  const parts: Record<string, number> = {};
  for (const part of wallClock(zone).formatToParts(at)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

const DAY_MS = 86_400_000;
const QUARTER_MS = 15 * 60_000;

/** The wall clock in `zone` at `at`, read as if it were UTC (epoch ms, whole seconds). */
function wallAsUtc(at: number, zone: string): number {
  const w = wallClockAt(at, zone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
}

/** The calendar dates a `calendarDay` may name, both included (`YYYY-MM-DD`; absent: open). */
export interface DateBounds {
  first?: string;
  last?: string;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Days since 1970-01-01 of a real calendar date written `YYYY-MM-DD`, or null: another shape,
 * not a date ("2025-02-30", month 13), or outside `bounds` (the reports' and the statements'
 * own ranges of dates).
 */
export function calendarDay(text: string, bounds: DateBounds = {}): number | null {
  const m = DATE.exec(text);
  if (!m) return null;
  // Same-shaped dates compare as text.
  if (
    (bounds.first !== undefined && text < bounds.first) ||
    (bounds.last !== undefined && text > bounds.last)
  )
    return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const ms = Date.UTC(year, month - 1, day);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day)
    return null;
  return ms / DAY_MS;
}

/** Days since 1970-01-01 of the calendar date `at` falls on in `zone`. */
export const localDayNumber = (at: number, zone: string): number => Math.floor(wallAsUtc(at, zone) / DAY_MS);

/**
 * The first instant (epoch ms) of calendar day `day` (days since 1970-01-01) in `zone`: its
 * 00:00, or — where a clock change skips midnight — the first instant that is on that date.
 * A day so lasts 23 or 25 hours across a change; the zone database is Intl's.
 */
export function dayStartOf(day: number, zone: string): number {
  const midnight = day * DAY_MS;
  // The offset at a guess, then at the result: two rounds settle it across a change.
  let t = midnight - (wallAsUtc(midnight, zone) - midnight);
  t = midnight - (wallAsUtc(t, zone) - t);
  // Midnight skipped forward: the guess is still on the day before; walk to the date.
  while (localDayNumber(t, zone) < day) t += QUARTER_MS;
  // Or the day began earlier than the guess (the guess sits after a skipped 00:00).
  while (localDayNumber(t - QUARTER_MS, zone) === day) t -= QUARTER_MS;
  return t;
}

/** The first instant of the calendar day that `at` falls on in `zone`. */
export const dayStartIn = (zone: string, at: number): number => dayStartOf(localDayNumber(at, zone), zone);
