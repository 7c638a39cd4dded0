import { describe, expect, it } from 'vitest';
import { contentLang } from './content-lang';

describe('contentLang', () => {
  it('gives the BCP 47 tag of the app’s language codes', () => {
    expect(contentLang('hk')).toBe('zh-HK');
    expect(contentLang('jp')).toBe('ja');
    expect(contentLang('my')).toBe('ms');
    expect(contentLang('en')).toBe('en');
  });

  it('gives no tag for a code the app does not know', () => {
    expect(contentLang('xx')).toBeUndefined();
    expect(contentLang('')).toBeUndefined();
    expect(contentLang('HK')).toBeUndefined();
  });
});
