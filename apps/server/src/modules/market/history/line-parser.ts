import type { Points } from '@pipwise/shared';
import {
  fieldId,
  LineError,
  priceField,
  type BadLine,
  type BadLineCode,
  type BadLineParams,
  type PriceField,
} from './fields.js';

/** A bid bar in integer points; `time` is its start (UTC epoch ms), `line` where it was read. */
export interface BarRow {
  line: number;
  time: number;
  open: Points;
  high: Points;
  low: Points;
  close: Points;
}

/** A bid and ask in integer points at `time` (UTC epoch ms). */
export interface TickRow {
  line: number;
  time: number;
  bid: Points;
  ask: Points;
}

export interface ParseOptions {
  /** The instrument's digits: prices are rounded half up to them. */
  precision: number;
  /**
   * The largest move between one line and the next, as a fraction (0.2 = 20%): a price
   * further than this from the previous line's is an absurd jump, refused. Default 0.2.
   */
  maxJump?: number;
  /** Lines stamped after this instant (epoch ms) are refused. Default: the parse's now. */
  now?: number;
}

/** The default absurd-jump limit: 20% from one line to the next (docs/market-data.md). */
export const DEFAULT_MAX_JUMP = 0.2;
/** Longer lines are refused unread: no real line of these formats comes near. */
export const MAX_LINE_CHARS = 256;
/** Bad lines kept with their reasons; past this only the count grows. */
export const MAX_BAD_LINES_KEPT = 1_000;

/** What a parser made of a whole file: every row, or the bad lines and how many there were. */
export type ParseResult<R> =
  | { ok: true; rows: R[]; skipped: number; lines: number }
  | { ok: false; bad: BadLine[]; badCount: number; lines: number };

/**
 * Reads a file line by line (`push`), keeping every good row's checks against the last good
 * row before it: time order, no jump beyond `maxJump`, nothing in the future. A bad line is
 * recorded with its number and reason and the next line is still read, so one pass reports
 * them all. Lines are given without their `\n`; a `\r` before it and a byte-order mark on
 * the first line are dropped, empty lines at the end ignored and empty lines elsewhere refused.
 */
export abstract class LineParser<R extends { line: number; time: number }> {
  readonly bad: BadLine[] = [];
  badCount = 0;
  /** Good rows returned (skipped ones not included). */
  rows = 0;
  /** Good rows that carry no price change and are left out (Dukascopy's flat filler bars). */
  skipped = 0;
  /** Lines read so far. */
  lines = 0;
  protected readonly precision: number;
  protected readonly maxJump: number;
  private readonly now: number;
  /** The last good row: what the next one is checked against. */
  protected last: R | undefined;
  private blanks: number[] = [];

  /** @param strictlyIncreasing bars must move on; ticks may share a millisecond. */
  constructor(
    options: ParseOptions,
    private readonly strictlyIncreasing: boolean,
  ) {
    if (!Number.isInteger(options.precision) || options.precision < 0 || options.precision > 10)
      throw new RangeError(`precision must be 0-10 digits: ${options.precision}`);
    const maxJump = options.maxJump ?? DEFAULT_MAX_JUMP;
    if (!(maxJump > 0 && maxJump <= 10)) throw new RangeError(`maxJump must be in (0, 10]: ${maxJump}`);
    this.precision = options.precision;
    this.maxJump = maxJump;
    this.now = options.now ?? Date.now();
  }

  get ok(): boolean {
    return this.badCount === 0;
  }

  /** Reads the next line; returns its row when it is a good one to keep. */
  push(raw: string): R | undefined {
    const lineNo = ++this.lines;
    let text = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (lineNo === 1 && text.startsWith('\uFEFF')) text = text.slice(1);
    if (text === '') {
      this.blanks.push(lineNo);
      return undefined;
    }
    for (const blank of this.blanks) this.fail(blank, 'empty_line', 'an empty line between prices', {});
    this.blanks = [];
    if (text.length > MAX_LINE_CHARS) {
      this.fail(lineNo, 'line_too_long', `longer than ${MAX_LINE_CHARS} characters`, { max: MAX_LINE_CHARS });
      return undefined;
    }
    try {
      const read = this.parseLine(text, lineNo);
      if (!read) return undefined;
      this.checkSequence(read.row);
      this.last = read.row;
      if (read.skip) {
        this.skipped++;
        return undefined;
      }
      this.rows++;
      return read.row;
    } catch (err) {
      if (!(err instanceof LineError)) throw err;
      this.fail(lineNo, err.code, err.message, err.params);
      return undefined;
    }
  }

  /** After the last line: the file-level checks. */
  end(): void {
    if (this.rows > 0 || this.badCount > 0) return;
    const flat = this.skipped > 0;
    const why = flat ? 'only flat bars without ticks' : 'no prices';
    this.fail(
      Math.max(this.lines, 1),
      'no_prices',
      `the file holds ${why}`,
      flat ? { why: 'only_flat' } : {},
    );
  }

  /** The row a line holds, `skip` when it is good but carries nothing; undefined for a header. */
  protected abstract parseLine(text: string, lineNo: number): { row: R; skip?: boolean } | undefined;

  /** The jump checks against the last good row (or within the row when it is the first). */
  protected abstract checkJump(row: R, last: R | undefined): void;

  protected fail(line: number, code: BadLineCode, reason: string, params: BadLineParams): void {
    this.badCount++;
    if (this.bad.length < MAX_BAD_LINES_KEPT) this.bad.push({ line, code, params, reason });
  }

  protected price(text: string, name: string): PriceField {
    return priceField(text, this.precision, name);
  }

  /** A price in points as the file would write it, for reasons. */
  protected shown(points: number): string {
    const digits = String(points).padStart(this.precision + 1, '0');
    return this.precision === 0
      ? digits
      : `${digits.slice(0, -this.precision)}.${digits.slice(-this.precision)}`;
  }

  /**
   * Throws an absurd jump when `points` is further than maxJump from `reference`: the
   * row's own `refField` (its open, its bid), or that of the last good line `refLine`.
   */
  protected jump(
    points: number,
    name: string,
    reference: number,
    ref: { field: string; line?: number },
  ): void {
    const move = Math.abs(points - reference) / reference;
    if (move > this.maxJump) {
      const what = ref.line === undefined ? `its ${ref.field}` : `line ${ref.line}'s ${ref.field}`;
      throw new LineError(
        'absurd_jump',
        `${name} ${this.shown(points)} is ${percent(move)} away from ${what} ${this.shown(reference)}` +
          ` (the limit is ${percent(this.maxJump)})`,
        {
          why: ref.line === undefined ? 'own' : 'previous',
          field: fieldId(name),
          value: this.shown(points),
          move: percentValue(move),
          ref_field: ref.field,
          ...(ref.line === undefined ? {} : { ref_line: ref.line }),
          ref_value: this.shown(reference),
          limit: percentValue(this.maxJump),
        },
      );
    }
  }

  private checkSequence(row: R): void {
    if (row.time > this.now)
      throw new LineError('in_future', `stamped in the future: ${iso(row.time)}`, { time: iso(row.time) });
    const last = this.last;
    if (last && (row.time < last.time || (this.strictlyIncreasing && row.time === last.time))) {
      throw new LineError(
        'not_increasing',
        `time ${iso(row.time)} is not after line ${last.line}'s ${iso(last.time)}`,
        { time: iso(row.time), ref_line: last.line, ref_time: iso(last.time) },
      );
    }
    this.checkJump(row, last);
  }

  /** The whole result, once every line has been pushed and `end` called. */
  result(rows: R[]): ParseResult<R> {
    return this.badCount === 0
      ? { ok: true, rows, skipped: this.skipped, lines: this.lines }
      : { ok: false, bad: this.bad, badCount: this.badCount, lines: this.lines };
  }
}

/** Bars: high ≥ low, open and close within them, each price near the previous close. */
export abstract class BarLineParser extends LineParser<BarRow> {
  constructor(options: ParseOptions) {
    super(options, true);
  }

  protected bar(lineNo: number, time: number, fields: readonly string[]): BarRow {
    const [o, h, l, c] = fields as [string, string, string, string];
    const open = this.price(o, 'open');
    const high = this.price(h, 'high');
    const low = this.price(l, 'low');
    const close = this.price(c, 'close');
    if (high.value < low.value)
      throw new LineError('high_below_low', `high ${h} is below low ${l}`, { high: h, low: l });
    if (open.value > high.value || open.value < low.value)
      throw new LineError('outside_high_low', `open ${o} is outside low ${l} .. high ${h}`, {
        field: 'open',
        value: o,
        low: l,
        high: h,
      });
    if (close.value > high.value || close.value < low.value)
      throw new LineError('outside_high_low', `close ${c} is outside low ${l} .. high ${h}`, {
        field: 'close',
        value: c,
        low: l,
        high: h,
      });
    return {
      line: lineNo,
      time,
      open: open.points,
      high: high.points,
      low: low.points,
      close: close.points,
    };
  }

  protected checkJump(row: BarRow, last: BarRow | undefined): void {
    const reference = last ? last.close : row.open;
    const ref = last ? { field: 'close', line: last.line } : { field: 'open' };
    for (const name of ['open', 'high', 'low', 'close'] as const) {
      this.jump(row[name], name, reference, ref);
    }
  }
}

/** Ticks: bid ≤ ask, a spread within maxJump, bid and ask each near the previous ones. */
export abstract class TickLineParser extends LineParser<TickRow> {
  constructor(options: ParseOptions) {
    super(options, false);
  }

  protected tick(lineNo: number, time: number, bidText: string, askText: string): TickRow {
    const bid = this.price(bidText, 'bid');
    const ask = this.price(askText, 'ask');
    if (bid.value > ask.value)
      throw new LineError('crossed', `bid ${bidText} is above ask ${askText}`, {
        bid: bidText,
        ask: askText,
      });
    return { line: lineNo, time, bid: bid.points, ask: ask.points };
  }

  protected checkJump(row: TickRow, last: TickRow | undefined): void {
    this.jump(row.ask, 'ask', row.bid, { field: 'bid' });
    if (!last) return;
    this.jump(row.bid, 'bid', last.bid, { field: 'bid', line: last.line });
    this.jump(row.ask, 'ask', last.ask, { field: 'ask', line: last.line });
  }
}

/** Splits a line into exactly `count` fields, or throws. */
export function fieldsOf(text: string, separator: string, count: number, shape: string): string[] {
  const fields = text.split(separator);
  if (fields.length !== count)
    throw new LineError('bad_fields', `${fields.length} fields where ${count} are expected (${shape})`, {
      found: fields.length,
      expected: count,
      shape,
    });
  return fields;
}

/** A fraction as a percentage with one decimal (0.3591 → 35.9). */
function percentValue(fraction: number): number {
  return Math.round(fraction * 1000) / 10;
}

function percent(fraction: number): string {
  return `${percentValue(fraction)}%`;
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}
