import { Readable } from 'node:stream';
import { fromMicros, microUsd } from '@pipwise/shared';
import { CSV_BOM, defuseFormula, isPlainNumber } from '../../../core/csv/csv.js';

/**
 * CSV as the reports write it (docs/reports.md "CSV files"): RFC 4180, CRLF line ends, UTF-8
 * with a byte-order mark (so spreadsheets read Chinese and Arabic names). Text cells are
 * always quoted, and one that a spreadsheet would run as a formula — starting with `=`,
 * `+`, `-`, `@`, a tab or a carriage return — gets a `'` in front. Numbers are written
 * bare, as exact decimals: a debit of −12.5 stays the number −12.5, never text.
 */

/** How a column's values are written. */
export type CsvKind = 'text' | 'int' | 'usd';

export interface CsvColumn<Row> {
  header: string;
  kind: CsvKind;
  value: (row: Row) => string | number | null;
}

/** A text cell: defused against formulas (core/csv, the one rule), then quoted. */
export function textCell(text: string | null): string {
  return `"${defuseFormula(text ?? '').replaceAll('"', '""')}"`;
}

/** A number cell: an integer, or micro-USD as exact USD (`-12345678` → `-12.345678`). */
export function numberCell(kind: 'int' | 'usd', value: number): string {
  if (!Number.isSafeInteger(value)) throw new RangeError(`CSV ${kind} cell is not a safe integer: ${value}`);
  const text = kind === 'int' ? String(value) : fromMicros(microUsd(value)).toFixed();
  // Never a formula, whatever the value: a bare number is all a number cell can be.
  if (!isPlainNumber(text)) throw new RangeError(`CSV number cell is not plain: ${text}`);
  return text;
}

function cell<Row>(column: CsvColumn<Row>, row: Row): string {
  const value = column.value(row);
  if (column.kind === 'text') return textCell(value === null ? null : String(value));
  if (typeof value !== 'number') throw new TypeError(`CSV ${column.header} is not a number`);
  return numberCell(column.kind, value);
}

export const csvLine = <Row>(columns: readonly CsvColumn<Row>[], row: Row): string =>
  `${columns.map((c) => cell(c, row)).join(',')}\r\n`;

export const csvHeader = <Row>(columns: readonly CsvColumn<Row>[]): string =>
  `${CSV_BOM}${columns.map((c) => textCell(c.header)).join(',')}\r\n`;

/**
 * The file as a stream: the header, then each batch of rows as it arrives — a batch is
 * one database read (ENTRIES_CSV_BATCH rows of the entries), written before the next is
 * asked for, so a download of any length holds one batch in memory.
 */
export function csvStream<Row>(columns: readonly CsvColumn<Row>[], batches: AsyncIterable<Row[]>): Readable {
  async function* lines(): AsyncGenerator<string> {
    yield csvHeader(columns);
    for await (const batch of batches) yield batch.map((row) => csvLine(columns, row)).join('');
  }
  return Readable.from(lines(), { objectMode: false });
}
