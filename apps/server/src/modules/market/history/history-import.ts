import { PERIODS, type Period } from '@pipwise/shared';
import type { Db } from '../../../core/db/database.js';
import { deleteCandlesBetween, upsertCandles } from '../candles/candle.repository.js';
import { findInstrumentByCode } from '../market.repository.js';
import { CandleAggregator } from './aggregate.js';
import type { BadLine } from './fields.js';
import { historyParser, type HistoryFormat } from './formats.js';

export interface HistoryImportInput {
  /** The instrument's code (EURUSD); it must exist, enabled or not. */
  instrument: string;
  format: HistoryFormat;
  /** The file's lines, without their line breaks (`fileLines`, `textLines`). */
  lines: Iterable<string> | AsyncIterable<string>;
  /** Lines stamped after this are refused (epoch ms). */
  now: number;
  /** The absurd-jump limit as a fraction (default 0.2: 20%). */
  maxJump?: number;
  /**
   * Called inside the write's transaction once the candles are in, with what was imported:
   * the back office writes its audit row there, so a committed import always has its row.
   */
  onWrite?: (trx: Db, result: ImportedHistory) => Promise<void>;
}

/** A file that was imported: what was read and what was written. */
export type ImportedHistory = Extract<HistoryImportResult, { status: 'imported' }>;

export type HistoryImportResult =
  | {
      status: 'imported';
      instrument: string;
      /** Lines read, header included. */
      lines: number;
      /** Prices taken (ticks or bars). */
      rows: number;
      /** Good rows left out: Dukascopy's flat no-tick bars. */
      skipped: number;
      /** Candles written, all periods. */
      candles: number;
      perPeriod: Record<Period, number>;
      /** Stored candles of the range that were deleted first. */
      replaced: number;
      /** First and last price's time, epoch ms. */
      from: number;
      to: number;
    }
  | { status: 'refused'; lines: number; bad: BadLine[]; badCount: number }
  | { status: 'unknown_instrument'; instrument: string };

/** What an instrument code may look like before it is looked up. */
const INSTRUMENT_CODE = /^[A-Z0-9._-]{1,32}$/;

/**
 * Imports a recorded-price file into the candles of every period (docs/market-data.md
 * "Recorded history and replay"). Every line is checked first; one bad line and nothing is
 * written — the result lists the bad lines instead. A good file is written in one
 * transaction: for each period, the stored candles from the first to the last imported
 * candle are deleted and the imported ones inserted, so the file's range holds exactly
 * what the file says (edge candles included: import whole days).
 */
export async function importHistory(db: Db, input: HistoryImportInput): Promise<HistoryImportResult> {
  const code = input.instrument.toUpperCase();
  const instrument = INSTRUMENT_CODE.test(code) ? await findInstrumentByCode(db, code) : undefined;
  if (!instrument) return { status: 'unknown_instrument', instrument: input.instrument };

  const candles = new CandleAggregator();
  const read = historyParser(input.format, {
    precision: instrument.price_precision,
    now: input.now,
    ...(input.maxJump === undefined ? {} : { maxJump: input.maxJump }),
  });
  let from = 0;
  let to = 0;
  // Parsing goes on past the first bad line (to report them all); folding stops there.
  const take =
    read.kind === 'bars'
      ? (line: string) => {
          const bar = read.parser.push(line);
          if (!bar || !read.parser.ok) return undefined;
          candles.add(bar.time, bar.open, bar.high, bar.low, bar.close);
          return bar.time;
        }
      : (line: string) => {
          const tick = read.parser.push(line);
          if (!tick || !read.parser.ok) return undefined;
          candles.addTick(tick.time, tick.bid);
          return tick.time;
        };
  for await (const line of input.lines) {
    const time = take(line);
    if (time === undefined) continue;
    if (from === 0) from = time;
    to = time;
  }
  const parser = read.parser;
  parser.end();
  if (!parser.ok)
    return { status: 'refused', lines: parser.lines, bad: parser.bad, badCount: parser.badCount };

  const perPeriod = Object.fromEntries(PERIODS.map((p) => [p, candles.candles(p).length])) as Record<
    Period,
    number
  >;
  const summary = (replaced: number): ImportedHistory => ({
    status: 'imported',
    instrument: instrument.code,
    lines: parser.lines,
    rows: parser.rows,
    skipped: parser.skipped,
    candles: candles.count,
    perPeriod,
    replaced,
    from,
    to,
  });
  return db.transaction().execute(async (trx) => {
    let deleted = 0;
    for (const period of PERIODS) {
      const list = candles.candles(period);
      const first = list[0];
      const last = list.at(-1);
      if (!first || !last) continue;
      deleted += await deleteCandlesBetween(trx, instrument.id, period, first.time, last.time);
      await upsertCandles(
        trx,
        list.map((c) => ({ instrument_id: instrument.id, period, ...c })),
      );
    }
    const result = summary(deleted);
    await input.onWrite?.(trx, result);
    return result;
  });
}
