import { DukascopyBarParser, DukascopyTickParser } from './dukascopy.js';
import { HistDataBarParser, HistDataTickParser } from './histdata.js';
import type {
  BarLineParser,
  BarRow,
  ParseOptions,
  ParseResult,
  TickLineParser,
  TickRow,
} from './line-parser.js';

/** The recorded-price files Pipwise reads (docs/market-data.md "Recorded history and replay"). */
export const HISTORY_FORMATS = ['histdata-m1', 'histdata-tick', 'dukascopy-bars', 'dukascopy-ticks'] as const;
export type HistoryFormat = (typeof HISTORY_FORMATS)[number];

export function isHistoryFormat(text: string): text is HistoryFormat {
  return (HISTORY_FORMATS as readonly string[]).includes(text);
}

/** A parser for a format: bars (1-minute bid bars) or ticks (bid and ask). */
export type HistoryParser =
  { kind: 'bars'; parser: BarLineParser } | { kind: 'ticks'; parser: TickLineParser };

export function historyParser(format: HistoryFormat, options: ParseOptions): HistoryParser {
  switch (format) {
    case 'histdata-m1':
      return { kind: 'bars', parser: new HistDataBarParser(options) };
    case 'dukascopy-bars':
      return { kind: 'bars', parser: new DukascopyBarParser(options) };
    case 'histdata-tick':
      return { kind: 'ticks', parser: new HistDataTickParser(options) };
    case 'dukascopy-ticks':
      return { kind: 'ticks', parser: new DukascopyTickParser(options) };
  }
}

/** The lines of a whole text (a final line break ends the last line; it opens no new one). */
export function textLines(text: string): string[] {
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

function parseAll<R extends { line: number; time: number }>(
  parser: { push(line: string): R | undefined; end(): void; result(rows: R[]): ParseResult<R> },
  text: string,
): ParseResult<R> {
  const rows: R[] = [];
  for (const line of textLines(text)) {
    const row = parser.push(line);
    if (row) rows.push(row);
  }
  parser.end();
  return parser.result(rows);
}

/** A HistData M1 file: its bars, or every bad line with its number and reason. */
export function parseHistDataBars(text: string, options: ParseOptions): ParseResult<BarRow> {
  return parseAll(new HistDataBarParser(options), text);
}

/** A HistData tick file: its ticks, or every bad line. */
export function parseHistDataTicks(text: string, options: ParseOptions): ParseResult<TickRow> {
  return parseAll(new HistDataTickParser(options), text);
}

/** A Dukascopy 1-minute bar export: its bars (flat no-tick bars left out), or every bad line. */
export function parseDukascopyBars(text: string, options: ParseOptions): ParseResult<BarRow> {
  return parseAll(new DukascopyBarParser(options), text);
}

/** A Dukascopy tick export: its ticks, or every bad line. */
export function parseDukascopyTicks(text: string, options: ParseOptions): ParseResult<TickRow> {
  return parseAll(new DukascopyTickParser(options), text);
}
