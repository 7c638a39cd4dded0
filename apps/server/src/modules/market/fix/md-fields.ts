/**
 * FIX fields from a provider read as strictly as HTTP input: each parser takes the field's
 * raw text (never the engine's typed guess, which turns "abc" into 0) and says exactly what
 * is wrong with it.
 */

/** Why a price field is refused. */
export type PriceProblem = 'garbage' | 'non_positive' | 'too_large';

export type PriceResult = { ok: true; points: number } | { ok: false; problem: PriceProblem };

const DECIMAL = /^(-?)(\d{1,20})(?:\.(\d{1,20}))?$/;
/** Points are counted exactly as doubles up to 2^53; stay far below. */
const MAX_POINT_DIGITS = 15;

/**
 * A decimal price (MDEntryPx, 270) as integer points at `precision` digits, rounded half up
 * on the digits themselves (no float rounding). Zero, negative and prices that round to zero
 * points are `non_positive`; exponents, spaces, `NaN`, `Infinity`, empty text are `garbage`.
 */
export function pricePoints(text: string | null | undefined, precision: number): PriceResult {
  if (typeof text !== 'string') return { ok: false, problem: 'garbage' };
  const m = DECIMAL.exec(text);
  if (!m) return { ok: false, problem: 'garbage' };
  const [, sign, whole = '', fraction = ''] = m;
  const kept = fraction.padEnd(precision, '0').slice(0, precision);
  const digits = `${whole}${kept}`.replace(/^0+(?=\d)/, '');
  if (digits.length > MAX_POINT_DIGITS) return { ok: false, problem: 'too_large' };
  const points = Number(digits) + ((fraction[precision] ?? '0') >= '5' ? 1 : 0);
  if (sign === '-' || points <= 0) return { ok: false, problem: 'non_positive' };
  return { ok: true, points };
}

/** The earliest provider time believed: anything older is garbage, not a quote. */
const MIN_TIME = Date.UTC(2000, 0, 1);

function instant(y: number, mo: number, d: number, h: number, mi: number, s: number, ms: number) {
  if (mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || s > 60) return undefined;
  if (d > new Date(Date.UTC(y, mo, 0)).getUTCDate()) return undefined;
  const time = Date.UTC(y, mo - 1, d, h, mi, Math.min(s, 59), ms);
  return time >= MIN_TIME ? time : undefined;
}

/** Milliseconds of a fraction of up to 9 digits (micro- and nanoseconds are cut). */
const millis = (fraction: string | undefined) => Number((fraction ?? '').padEnd(3, '0').slice(0, 3));

/** UTCTimestamp (SendingTime 52): `YYYYMMDD-HH:MM:SS[.sss…]` → epoch ms, or undefined. */
export function utcTimestamp(text: string | null | undefined): number | undefined {
  if (typeof text !== 'string') return undefined;
  const m = /^(\d{4})(\d{2})(\d{2})-(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?$/.exec(text);
  if (!m) return undefined;
  return instant(+m[1]!, +m[2]!, +m[3]!, +m[4]!, +m[5]!, +m[6]!, millis(m[7]));
}

/** UTCDateOnly (MDEntryDate 272): `YYYYMMDD` → epoch ms of its midnight, or undefined. */
export function utcDateOnly(text: string | null | undefined): number | undefined {
  if (typeof text !== 'string') return undefined;
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(text);
  return m ? instant(+m[1]!, +m[2]!, +m[3]!, 0, 0, 0, 0) : undefined;
}

/** UTCTimeOnly (MDEntryTime 273): `HH:MM:SS[.sss…]` → ms since midnight, or undefined. */
export function utcTimeOnly(text: string | null | undefined): number | undefined {
  if (typeof text !== 'string') return undefined;
  const m = /^(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?$/.exec(text);
  if (!m) return undefined;
  const [h, mi, s] = [+m[1]!, +m[2]!, +m[3]!];
  if (h > 23 || mi > 59 || s > 60) return undefined;
  return ((h * 60 + mi) * 60 + Math.min(s, 59)) * 1000 + millis(m[4]);
}

const DAY_MS = 86_400_000;

/**
 * When an entry was made, by the provider's clock: MDEntryDate + MDEntryTime when both are
 * given; MDEntryTime alone is put on the day of `sendingTime`, the nearer side of midnight
 * (an entry stamped 23:59:59.900 in a message sent at 00:00:00.100 is from the day before).
 * Undefined when neither is given; `null` when a given one is malformed.
 */
export function entryTime(
  dateText: string | null | undefined,
  timeText: string | null | undefined,
  sendingTime: number,
): number | null | undefined {
  const hasDate = dateText !== null && dateText !== undefined;
  const hasTime = timeText !== null && timeText !== undefined;
  if (!hasTime) return hasDate ? null : undefined; // a date alone says nothing of the instant
  const ofDay = utcTimeOnly(timeText);
  if (ofDay === undefined) return null;
  if (hasDate) {
    const day = utcDateOnly(dateText);
    return day === undefined ? null : day + ofDay;
  }
  let time = Math.floor(sendingTime / DAY_MS) * DAY_MS + ofDay;
  if (time - sendingTime > DAY_MS / 2) time -= DAY_MS;
  else if (sendingTime - time > DAY_MS / 2) time += DAY_MS;
  return time;
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/**
 * A provider's free text (Text 58, a reject's reason) made safe to show an operator and to
 * log: control characters become spaces, runs of space collapse, at most `max` characters.
 */
export function cleanText(text: string | null | undefined, max = 200): string {
  if (typeof text !== 'string') return '';
  const clean = text.replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
}

/** An identifier the provider echoes (MDReqID 262): printable, no spaces, 1-64 characters. */
export function isCleanId(text: string | null | undefined): text is string {
  return typeof text === 'string' && /^[\x21-\x7e]{1,64}$/.test(text);
}

/** MDReqRejReason (281), FIX 4.4, as an operator reads it. */
export const MD_REJECT_REASONS: Readonly<Record<string, string>> = {
  '0': 'unknown symbol',
  '1': 'duplicate MDReqID',
  '2': 'insufficient bandwidth',
  '3': 'insufficient permissions',
  '4': 'unsupported SubscriptionRequestType',
  '5': 'unsupported MarketDepth',
  '6': 'unsupported MDUpdateType',
  '7': 'unsupported AggregatedBook',
  '8': 'unsupported MDEntryType',
  '9': 'unsupported TradingSessionID',
  A: 'unsupported Scope',
  B: 'unsupported OpenCloseSettlFlag',
  C: 'unsupported MDImplicitDelete',
};

/** SessionRejectReason (373), FIX 4.4, as an operator reads it. */
export const SESSION_REJECT_REASONS: Readonly<Record<string, string>> = {
  '0': 'invalid tag number',
  '1': 'required tag missing',
  '2': 'tag not defined for this message type',
  '3': 'undefined tag',
  '4': 'tag specified without a value',
  '5': 'value is incorrect (out of range) for this tag',
  '6': 'incorrect data format for value',
  '7': 'decryption problem',
  '8': 'signature problem',
  '9': 'CompID problem',
  '10': 'SendingTime accuracy problem',
  '11': 'invalid MsgType',
  '12': 'XML validation error',
  '13': 'tag appears more than once',
  '14': 'tag specified out of required order',
  '15': 'repeating group fields out of order',
  '16': 'incorrect NumInGroup count for repeating group',
  '17': 'non-data value includes field delimiter',
  '99': 'other',
};

/** BusinessRejectReason (380), FIX 4.4, as an operator reads it. */
export const BUSINESS_REJECT_REASONS: Readonly<Record<string, string>> = {
  '0': 'other',
  '1': 'unknown ID',
  '2': 'unknown security',
  '3': 'unsupported message type',
  '4': 'application not available',
  '5': 'conditionally required field missing',
  '6': 'not authorized',
  '7': 'DeliverTo firm not available at this time',
};

/** A coded reason with its provider text: "unknown symbol (0): EUR/XXX is not quoted". */
export function describeReason(
  table: Readonly<Record<string, string>>,
  code: string | null | undefined,
  text: string | null | undefined,
  fallback: string,
): string {
  const codeText = typeof code === 'string' && /^[0-9A-Z]{1,3}$/.test(code) ? code : undefined;
  const known = codeText !== undefined ? table[codeText] : undefined;
  const head = codeText === undefined ? fallback : `${known ?? 'reason'} (${codeText})`;
  const detail = cleanText(text);
  return detail === '' ? head : `${head}: ${detail}`;
}
