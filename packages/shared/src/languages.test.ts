import { describe, expect, it } from 'vitest';
import { LANG_INFO, LANGS, normalizeLang } from './languages.js';

describe('languages', () => {
  it('has the 18 codes of the spec, Arabic right to left', () => {
    expect(LANGS).toHaveLength(18);
    expect(LANGS.filter((l) => LANG_INFO[l].dir === 'rtl')).toEqual(['ar']);
  });

  it('maps tw to hk and anything unknown to the default hk', () => {
    expect(normalizeLang('tw')).toBe('hk');
    expect(normalizeLang('EN')).toBe('en');
    expect(normalizeLang('zz')).toBe('hk');
    expect(normalizeLang(undefined)).toBe('hk');
    expect(normalizeLang(['en'])).toBe('hk');
  });
});
