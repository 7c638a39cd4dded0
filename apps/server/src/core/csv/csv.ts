/**
 * CSV as spreadsheets open it (RFC 4180), safe to open: shared by every export of the server
 * (trader statements, operator reports). docs/statements.md "CSV".
 *
 * - A cell holding a comma, a double quote, CR or LF is quoted, its quotes doubled.
 * - A text cell starting with `=`, `+`, `-`, `@`, a tab or CR is prefixed with `'`, so a
 *   spreadsheet shows it as text instead of running it as a formula (CSV injection). Numbers
 *   the server writes itself (a signed amount "-12.50") are passed as `number`-like cells with
 *   `csvNumber`, which are written as they are.
 * - Lines end with CRLF; a file starts with a UTF-8 byte-order mark so Excel reads UTF-8.
 */

/** A cell the writer must not neutralise: a number the server formatted itself. */
export interface CsvNumber {
  readonly csvNumber: string;
}

export type CsvCell = string | CsvNumber | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/** The UTF-8 byte-order mark that opens a file (Excel reads UTF-8 only with it). */
export const CSV_BOM = '\uFEFF';

/** A number the server wrote ("-12.50"); anything else is refused, so text never slips through. */
export function csvNumber(text: string): CsvNumber {
  if (!isPlainNumber(text)) throw new Error(`not a plain number: ${text}`);
  return { csvNumber: text };
}

/** Text a spreadsheet would run as a formula, made plain text (`'` in front); other text as it is. */
export function defuseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** Whether `text` is a bare decimal number ("-12.5"), which no spreadsheet runs. */
export const isPlainNumber = (text: string): boolean => PLAIN_NUMBER.test(text);

/** One cell, escaped. */
export function csvCell(cell: CsvCell): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell !== 'string') return cell.csvNumber;
  const text = defuseFormula(cell);
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line, CRLF included. */
export function csvLine(cells: readonly CsvCell[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/**
 * The file's text, a line at a time, from rows that may themselves arrive a page at a time:
 * a large export is never held whole (hand it to `Readable.from`).
 */
export async function* csvLines(
  rows: AsyncIterable<readonly CsvCell[]> | Iterable<readonly CsvCell[]>,
): AsyncGenerator<string> {
  yield CSV_BOM;
  for await (const row of rows) yield csvLine(row);
}
