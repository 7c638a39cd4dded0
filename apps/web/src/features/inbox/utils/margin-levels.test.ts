import { describe, expect, it } from 'vitest';
import { cleanLevelsInput, formatLevels, parseLevels } from './margin-levels';

describe('the margin warning levels field (docs/api.md "Price alerts and the inbox")', () => {
  it('shows the held levels with spaces, and sends them without', () => {
    expect(formatLevels([200, 150, 100])).toBe('200, 150, 100');
    expect(formatLevels([])).toBe('');
    expect(parseLevels('200, 150, 100')).toEqual({ ok: true, levels: [200, 150, 100], value: '200,150,100' });
  });

  it('keeps only digits, commas and spaces as they are typed', () => {
    expect(cleanLevelsInput('200a, 1x50%')).toBe('200, 150');
    expect(cleanLevelsInput('-120+')).toBe('120');
  });

  it('reads the separators and digits of every number pad', () => {
    // The decimal pad's point, the Arabic and CJK commas, a semicolon: each a comma.
    expect(cleanLevelsInput('200.150')).toBe('200,150');
    expect(cleanLevelsInput('200،150，100、90;80')).toBe('200,150,100,90,80');
    // Arabic-Indic, Persian and full-width digits.
    expect(cleanLevelsInput('٢٠٠،١٥٠')).toBe('200,150');
    expect(cleanLevelsInput('۱۲۰')).toBe('120');
    expect(cleanLevelsInput('１５０')).toBe('150');
    expect(parseLevels('٢٠٠، ١٥٠')).toEqual({ ok: true, levels: [200, 150], value: '200,150' });
  });

  it('sorts highest first, once each, without leading zeros; ignores empty parts', () => {
    expect(parseLevels('100,200,150,200')).toEqual({
      ok: true,
      levels: [200, 150, 100],
      value: '200,150,100',
    });
    expect(parseLevels('0150, 90,')).toEqual({ ok: true, levels: [150, 90], value: '150,90' });
    expect(parseLevels(',,80,,')).toEqual({ ok: true, levels: [80], value: '80' });
  });

  it('an empty field: no warnings', () => {
    expect(parseLevels('')).toEqual({ ok: true, levels: [], value: '' });
    expect(parseLevels(' , ')).toEqual({ ok: true, levels: [], value: '' });
  });

  it('refuses what the server would: 0, above 10000, spaces inside a number, more than 5 levels', () => {
    expect(parseLevels('10000,1')).toEqual({ ok: true, levels: [10000, 1], value: '10000,1' });
    expect(parseLevels('0')).toEqual({ ok: false });
    expect(parseLevels('10001')).toEqual({ ok: false });
    expect(parseLevels('1000000')).toEqual({ ok: false });
    expect(parseLevels('2 00')).toEqual({ ok: false });
    expect(parseLevels('600,500,400,300,200,100')).toEqual({ ok: false });
    // Five different ones, a repeat not counted.
    expect(parseLevels('500,400,300,200,100,100').ok).toBe(true);
  });

  it('what it sends is what the server takes', () => {
    const serverPattern = /^(|[1-9]\d{0,4}(,[1-9]\d{0,4}){0,4})$/;
    for (const text of ['', '200, 150, 100', '0150,90,', '10000', '5,4,3,2,1']) {
      const parsed = parseLevels(text);
      expect(parsed.ok).toBe(true);
      if (parsed.ok) expect(parsed.value).toMatch(serverPattern);
    }
  });
});
