import { histDataBarTime, histDataTickTime, volumeField } from './fields.js';
import { BarLineParser, fieldsOf, TickLineParser, type BarRow, type TickRow } from './line-parser.js';

/**
 * HistData.com "Generic ASCII" files: no header, times in EST without daylight saving
 * (fixed UTC−5), bid prices.
 *
 * M1 bars (`DAT_ASCII_EURUSD_M1_202401.csv`), `;`-separated:
 *   `20240102 170000;1.103400;1.103600;1.103400;1.103500;0`  stamp;open;high;low;close;volume
 * Ticks (`DAT_ASCII_EURUSD_T_202401.csv`), `,`-separated:
 *   `20240102 170000123,1.103450,1.103550,0`  stamp with ms,bid,ask,volume
 */

export class HistDataBarParser extends BarLineParser {
  protected parseLine(text: string, lineNo: number): { row: BarRow } {
    const f = fieldsOf(text, ';', 6, 'YYYYMMDD HHMMSS;open;high;low;close;volume');
    const time = histDataBarTime(f[0]!);
    const row = this.bar(lineNo, time, f.slice(1, 5));
    volumeField(f[5]!, 'volume');
    return { row };
  }
}

export class HistDataTickParser extends TickLineParser {
  protected parseLine(text: string, lineNo: number): { row: TickRow } {
    const f = fieldsOf(text, ',', 4, 'YYYYMMDD HHMMSSmmm,bid,ask,volume');
    const time = histDataTickTime(f[0]!);
    const row = this.tick(lineNo, time, f[1]!, f[2]!);
    volumeField(f[3]!, 'volume');
    return { row };
  }
}
