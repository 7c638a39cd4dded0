import { points as asPoints, type Points } from '@pipwise/shared';

/**
 * The fields of a recorded-price line, read strictly (docs/market-data.md "Recorded history
 * and replay"): a price is digits with an optional point and digits — no sign, exponent,
 * spaces, hex or empty field — and a time is a real calendar instant in the file's zone.
 */

/**
 * Why a line was refused: a stable code the back office translates (with `params`), and an
 * English reason for the command line and the logs.
 */
export type BadLineCode =
  | 'bad_header'
  | 'bad_fields'
  | 'bad_date'
  | 'not_a_number'
  | 'negative'
  | 'zero_price'
  | 'too_large'
  | 'high_below_low'
  | 'outside_high_low'
  | 'crossed'
  | 'not_increasing'
  | 'absurd_jump'
  | 'in_future'
  | 'line_too_long'
  | 'empty_line'
  | 'not_one_minute'
  | 'no_prices';

/**
 * What a translated reason names besides its code: `why` picks the message where one code
 * has several (a bad date's month or day), the rest fill it — a field (`field`: open, bid,
 * ask_volume …), values as the file wrote them (`value`, quoted and cut short), limits.
 * Times are ISO strings in UTC, as operators compare them with their files.
 */
export type BadLineParams = Readonly<Record<string, string | number>>;

/**
 * A refused line: its 1-based number in the file, what is wrong as a code and its params
 * (the back office's words, docs/market-data.md "Back office"), and in English words.
 */
export interface BadLine {
  line: number;
  code: BadLineCode;
  params: BadLineParams;
  reason: string;
}

/** Thrown while reading one line; the parser turns it into a BadLine. */
export class LineError extends Error {
  constructor(
    readonly code: BadLineCode,
    message: string,
    readonly params: BadLineParams = {},
  ) {
    super(message);
  }
}

/** A field's name as params carry it: an identifier ("ask volume" → "ask_volume"). */
export const fieldId = (name: string): string => name.replace(/ /g, '_');

const DECIMAL = /^(\d{1,15})(?:\.(\d{1,30}))?$/;
/** How much of a bad field a reason quotes. */
const QUOTE_CHARS = 24;

/** A field as a reason quotes it: JSON-escaped, cut short. */
export function quoted(text: string): string {
  return JSON.stringify(text.length > QUOTE_CHARS ? `${text.slice(0, QUOTE_CHARS)}…` : text);
}

function decimalMatch(text: string, name: string): RegExpExecArray {
  const m = DECIMAL.exec(text);
  if (m) return m;
  const field = fieldId(name);
  if (text === '') throw new LineError('not_a_number', `${name} is empty`, { why: 'empty', field });
  if (text.startsWith('-') && DECIMAL.test(text.slice(1)))
    throw new LineError('negative', `${name} is negative: ${text}`, { field, value: text });
  throw new LineError('not_a_number', `${name} is not a decimal number: ${quoted(text)}`, {
    field,
    value: quoted(text),
  });
}

/** A price read strictly: its value (for comparisons) and its integer points at `precision`. */
export interface PriceField {
  value: number;
  points: Points;
}

/**
 * A decimal price rounded half up to `precision` digits, as integer points (price ×
 * 10^precision), worked on the digits themselves so no float rounding creeps in. Refuses
 * what is not a plain decimal, a negative, a zero (or a price that rounds to zero points)
 * and a price too large to count in points exactly.
 */
export function priceField(text: string, precision: number, name: string): PriceField {
  const m = decimalMatch(text, name);
  const whole = m[1]!;
  const fraction = m[2] ?? '';
  const kept = fraction.padEnd(precision, '0').slice(0, precision);
  const digits = `${whole}${kept}`.replace(/^0+(?=\d)/, '');
  const field = fieldId(name);
  if (digits.length > 15)
    throw new LineError('too_large', `${name} is too large: ${quoted(text)}`, { field, value: quoted(text) });
  const points = asPoints(Number(digits) + ((fraction[precision] ?? '0') >= '5' ? 1 : 0));
  const value = Number(text);
  if (value === 0) throw new LineError('zero_price', `${name} is zero`, { field });
  if (points === 0)
    throw new LineError('zero_price', `${name} ${text} is zero at the instrument's ${precision} digits`, {
      why: 'rounded',
      field,
      value: text,
      digits: precision,
    });
  return { value, points };
}

/** A volume: a plain non-negative decimal (its value is not stored: candles count updates). */
export function volumeField(text: string, name: string): number {
  decimalMatch(text, name);
  return Number(text);
}

/** The earliest year a file may hold: older stamps are garbage, not history. */
export const MIN_YEAR = 1990;

/** Epoch ms of a calendar date and clock time in UTC, or a LineError for an impossible one. */
export function utcInstant(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second: number,
  ms: number,
  stamp: string,
): number {
  const bad = (why: string, words: string) =>
    new LineError('bad_date', `${words}: ${quoted(stamp)}`, {
      why,
      value: quoted(stamp),
      ...(why === 'year' ? { min: MIN_YEAR } : {}),
    });
  if (year < MIN_YEAR) throw bad('year', `year before ${MIN_YEAR}`);
  if (month < 1 || month > 12) throw bad('month', 'no such month');
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day < 1 || day > daysInMonth) throw bad('day', 'no such day');
  if (hour > 23 || minute > 59 || second > 59) throw bad('time', 'no such time of day');
  return Date.UTC(year, month - 1, day, hour, minute, second, ms);
}

/**
 * HistData.com stamps are Eastern Standard Time all year, without daylight saving: a fixed
 * UTC−5 (their "Generic ASCII" format notes). 17:00 in a file is 22:00 UTC in January and
 * in July alike.
 */
export const HISTDATA_UTC_OFFSET_MS = -5 * 3_600_000;

const HISTDATA_BAR_STAMP = /^(\d{4})(\d{2})(\d{2}) (\d{2})(\d{2})(\d{2})$/;
const HISTDATA_TICK_STAMP = /^(\d{4})(\d{2})(\d{2}) (\d{2})(\d{2})(\d{2})(\d{3})$/;
const DUKASCOPY_STAMP = /^(\d{2})\.(\d{2})\.(\d{4}) (\d{2}):(\d{2}):(\d{2})\.(\d{3})$/;

/** A stamp that is not of the file's pattern at all. */
const notAStamp = (pattern: string, stamp: string) =>
  new LineError('bad_date', `not a ${pattern} time: ${quoted(stamp)}`, {
    why: 'format',
    pattern,
    value: quoted(stamp),
  });

/** A 1-minute bar stamped between two minutes. */
export const notWholeMinute = (stamp: string) =>
  new LineError('bad_date', `a 1-minute bar starts on a whole minute: ${quoted(stamp)}`, {
    why: 'minute',
    value: quoted(stamp),
  });

/** `YYYYMMDD HHMMSS` (EST, fixed UTC−5) as UTC epoch ms; a bar starts on a whole minute. */
export function histDataBarTime(stamp: string): number {
  const m = HISTDATA_BAR_STAMP.exec(stamp);
  if (!m) throw notAStamp('YYYYMMDD HHMMSS', stamp);
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  if (s !== 0) throw notWholeMinute(stamp);
  return utcInstant(y, mo, d, h, mi, s, 0, stamp) - HISTDATA_UTC_OFFSET_MS;
}

/** A time stamp's seven numeric groups, in the order its pattern captures them. */
type TimeFields = [number, number, number, number, number, number, number];
const timeFields = (m: RegExpExecArray): TimeFields => m.slice(1).map(Number) as TimeFields;

/** `YYYYMMDD HHMMSSmmm` (EST, fixed UTC−5) as UTC epoch ms. */
export function histDataTickTime(stamp: string): number {
  const m = HISTDATA_TICK_STAMP.exec(stamp);
  if (!m) throw notAStamp('YYYYMMDD HHMMSSmmm', stamp);
  const [y, mo, d, h, mi, s, ms] = timeFields(m);
  return utcInstant(y, mo, d, h, mi, s, ms, stamp) - HISTDATA_UTC_OFFSET_MS;
}

/** Dukascopy's `DD.MM.YYYY HH:mm:ss.SSS` ("Gmt time": UTC) as epoch ms. */
export function dukascopyTime(stamp: string): number {
  const m = DUKASCOPY_STAMP.exec(stamp);
  if (!m) throw notAStamp('DD.MM.YYYY HH:mm:ss.SSS', stamp);
  const [d, mo, y, h, mi, s, ms] = timeFields(m);
  return utcInstant(y, mo, d, h, mi, s, ms, stamp);
}
