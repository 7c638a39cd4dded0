import fs from 'node:fs';
import { MAX_LINE_CHARS } from './line-parser.js';

/** A line is cut here: longer is refused anyway, and garbage without line breaks stays small. */
const KEEP_CHARS = MAX_LINE_CHARS + 1;

/**
 * The lines of a file as it is read, without their `\n` (a final line break opens no new
 * line): a month of ticks is read without holding the whole text. Lines longer than any
 * parser accepts are cut short.
 */
export async function* fileLines(file: string): AsyncGenerator<string> {
  const stream = fs.createReadStream(file, { encoding: 'utf8', highWaterMark: 1 << 20 });
  const append = (head: string, tail: string) =>
    head.length >= KEEP_CHARS ? head : (head + tail.slice(0, KEEP_CHARS)).slice(0, KEEP_CHARS);
  let rest = '';
  for await (const chunk of stream as AsyncIterable<string>) {
    let start = 0;
    for (;;) {
      const end = chunk.indexOf('\n', start);
      if (end === -1) {
        rest = append(rest, chunk.slice(start));
        break;
      }
      yield append(rest, chunk.slice(start, end));
      rest = '';
      start = end + 1;
    }
  }
  if (rest !== '') yield rest;
}

/** Lines read between two turns of the event loop while a text is split (textLinesPaced). */
const LINES_PER_TURN = 5_000;

/**
 * The lines of a whole text, as `fileLines` gives a file's (long lines cut short, a final
 * line break opens no new line), handing the event loop back every few thousand lines: a
 * 20 MB upload is read on the server that also runs the feed and the trading engine, and
 * must not hold their timers up for a second or more (docs/market-data.md "Back office").
 */
export async function* textLinesPaced(text: string, linesPerTurn = LINES_PER_TURN): AsyncGenerator<string> {
  let start = 0;
  let count = 0;
  while (start < text.length) {
    const end = text.indexOf('\n', start);
    const stop = end === -1 ? text.length : end;
    yield text.slice(start, Math.min(stop, start + KEEP_CHARS));
    start = stop + 1;
    if (++count % linesPerTurn === 0) await new Promise<void>((resolve) => setImmediate(resolve));
  }
}
