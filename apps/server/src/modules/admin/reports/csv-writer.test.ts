import { describe, expect, it } from 'vitest';
import { csvHeader, csvLine, csvStream, numberCell, textCell, type CsvColumn } from './csv-writer.js';

describe('CSV cells (docs/reports.md "CSV files")', () => {
  it('quotes every text cell and defuses a formula start', () => {
    expect(textCell('EURUSD')).toBe('"EURUSD"');
    expect(textCell('say "hi", then go')).toBe('"say ""hi"", then go"');
    expect(textCell('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
    for (const start of ['=', '+', '-', '@', '\t', '\r'])
      expect(textCell(`${start}1+1`)).toBe(`"'${start}1+1"`);
    expect(textCell('-5')).toBe('"\'-5"');
    expect(textCell('a=b')).toBe('"a=b"');
    expect(textCell(null)).toBe('""');
    expect(textCell('line\r\nbreak')).toBe('"line\r\nbreak"');
  });

  it('writes numbers bare and exact, negative ones still numbers', () => {
    expect(numberCell('usd', -12_500_000)).toBe('-12.5');
    expect(numberCell('usd', 1)).toBe('0.000001');
    expect(numberCell('usd', 0)).toBe('0');
    expect(numberCell('usd', -9_007_199_254_740_991)).toBe('-9007199254.740991');
    expect(numberCell('int', -3)).toBe('-3');
    expect(() => numberCell('usd', 0.5)).toThrow(RangeError);
    expect(() => numberCell('int', Number.NaN)).toThrow(RangeError);
  });

  it('a row: text quoted, numbers bare; the header starts with a byte-order mark', () => {
    const columns: CsvColumn<{ name: string; n: number; usd: number }>[] = [
      { header: 'name', kind: 'text', value: (r) => r.name },
      { header: 'n', kind: 'int', value: (r) => r.n },
      { header: 'amount_usd', kind: 'usd', value: (r) => r.usd },
    ];
    expect(csvHeader(columns)).toBe('\uFEFF"name","n","amount_usd"\r\n');
    expect(csvLine(columns, { name: '@SUM(1)', n: 2, usd: -40_000_000 })).toBe('"\'@SUM(1)",2,-40\r\n');
  });
});

describe('csvStream', () => {
  it('reads the database at most one batch ahead of what was sent', async () => {
    let asked = 0;
    async function* batches() {
      for (let n = 1; n <= 3; n++) {
        asked += 1;
        // A database read takes a turn of the event loop.
        await Promise.resolve();
        yield [{ n }];
      }
    }
    const stream = csvStream<{ n: number }>([{ header: 'n', kind: 'int', value: (r) => r.n }], batches());
    const seen: string[] = [];
    for await (const chunk of stream) seen.push(`${asked}:${String(chunk)}`);
    // When the header arrives one batch has been read; when batch n arrives, at most n + 1.
    expect(seen).toEqual(['1:\uFEFF"n"\r\n', '2:1\r\n', '3:2\r\n', '3:3\r\n']);
  });
});
