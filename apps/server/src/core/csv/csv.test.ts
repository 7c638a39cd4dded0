import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, csvLines, csvNumber } from './csv.js';

describe('csv cells', () => {
  it('quotes commas, quotes and line breaks (RFC 4180)', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell(null)).toBe('');
  });

  it('neutralises what a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('\rx')).toBe(`"'\rx"`);
  });

  it('writes the server’s own numbers as they are, and only numbers', () => {
    expect(csvCell(csvNumber('-12.50'))).toBe('-12.50');
    expect(() => csvNumber('=1')).toThrow();
    expect(() => csvNumber('1e3')).toThrow();
  });

  it('ends lines with CRLF and starts the file with a BOM', async () => {
    expect(csvLine(['a', csvNumber('1')])).toBe('a,1\r\n');
    const out: string[] = [];
    for await (const line of csvLines([['x'], ['y']])) out.push(line);
    expect(out.join('')).toBe('\uFEFFx\r\ny\r\n');
  });
});
