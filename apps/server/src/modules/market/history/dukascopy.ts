import { dukascopyTime, LineError, notWholeMinute, quoted, volumeField } from './fields.js';
import {
  BarLineParser,
  fieldsOf,
  TickLineParser,
  type BarRow,
  type ParseOptions,
  type TickRow,
} from './line-parser.js';

/**
 * Dukascopy's historical data export (CSV, "Gmt time"): a header line, then times as
 * `DD.MM.YYYY HH:mm:ss.SSS` in UTC.
 *
 * Bars, one side per file (export the BID side: the app's candles are bids), 1 minute:
 *   `Gmt time,Open,High,Low,Close,Volume`
 *   `02.01.2024 22:00:00.000,1.10340,1.10360,1.10340,1.10350,125.31`
 * A bar with volume 0 had no tick: Dukascopy fills closed hours with such flat bars (unless
 * "filter flats" was chosen); they are checked like the others and left out.
 *
 * Ticks, ask before bid:
 *   `Gmt time,Ask,Bid,AskVolume,BidVolume`
 *   `02.01.2024 22:00:00.123,1.10355,1.10345,0.75,1.5`
 * A "Local time" export (stamps ending in `GMT+0100`) is refused: export in GMT.
 */

export const DUKASCOPY_BAR_HEADER = 'Gmt time,Open,High,Low,Close,Volume';
export const DUKASCOPY_TICK_HEADER = 'Gmt time,Ask,Bid,AskVolume,BidVolume';

const MINUTE_MS = 60_000;

function checkHeader(text: string, expected: string): void {
  if (text === expected) return;
  const local = text.startsWith('Local time');
  const hint = local ? ' (export with "GMT" time, not local time)' : '';
  throw new LineError('bad_header', `the first line must be the header ${expected}${hint}: ${quoted(text)}`, {
    ...(local ? { why: 'local_time' } : {}),
    expected,
    value: quoted(text),
  });
}

export class DukascopyBarParser extends BarLineParser {
  /** The smallest step between two bars seen: a 1-minute export has 1-minute steps. */
  private minStep = Infinity;
  private bars = 0;

  constructor(options: ParseOptions) {
    super(options);
  }

  protected parseLine(text: string, lineNo: number): { row: BarRow; skip: boolean } | undefined {
    if (lineNo === 1) return void checkHeader(text, DUKASCOPY_BAR_HEADER);
    const f = fieldsOf(text, ',', 6, 'DD.MM.YYYY HH:mm:ss.SSS,open,high,low,close,volume');
    const time = dukascopyTime(f[0]!);
    if (time % MINUTE_MS !== 0) throw notWholeMinute(f[0]!);
    const row = this.bar(lineNo, time, f.slice(1, 5));
    const volume = volumeField(f[5]!, 'volume');
    if (this.last && time > this.last.time) this.minStep = Math.min(this.minStep, time - this.last.time);
    this.bars++;
    return { row, skip: volume === 0 };
  }

  override end(): void {
    super.end();
    // On an otherwise good file only: then every step seen is between good bars.
    if (this.badCount === 0 && this.bars >= 2 && this.minStep !== Infinity && this.minStep !== MINUTE_MS)
      this.fail(1, 'not_one_minute', 'no two bars are 1 minute apart: export 1-minute bars', {});
  }
}

export class DukascopyTickParser extends TickLineParser {
  protected parseLine(text: string, lineNo: number): { row: TickRow } | undefined {
    if (lineNo === 1) return void checkHeader(text, DUKASCOPY_TICK_HEADER);
    const f = fieldsOf(text, ',', 5, 'DD.MM.YYYY HH:mm:ss.SSS,ask,bid,askVolume,bidVolume');
    const time = dukascopyTime(f[0]!);
    const row = this.tick(lineNo, time, f[2]!, f[1]!);
    volumeField(f[3]!, 'ask volume');
    volumeField(f[4]!, 'bid volume');
    return { row };
  }
}
