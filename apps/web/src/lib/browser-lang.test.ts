import { describe, expect, it } from 'vitest';
import { browserTags, langFromTag, preferredLang } from './browser-lang';

describe('langFromTag', () => {
  it('maps browser tags to the app codes', () => {
    const cases: [string, string | null][] = [
      ['en-US', 'en'],
      ['en', 'en'],
      ['ja', 'jp'],
      ['ja-JP', 'jp'],
      ['ko-KR', 'kr'],
      ['vi', 'vn'],
      ['es-419', 'spa'],
      ['es-ES', 'spa'],
      ['ms-MY', 'my'],
      ['zh-TW', 'hk'],
      ['zh-HK', 'hk'],
      ['zh-Hant-TW', 'hk'],
      ['zh-CN', 'hk'],
      ['pt-BR', 'pt'],
      ['ar-EG', 'ar'],
      ['in-ID', 'id'],
      ['id', 'id'],
      ['th-TH', 'th'],
      ['cs-CZ', 'cs'],
      ['hi-IN', 'hi'],
      ['tr', 'tr'],
      ['it-IT', 'it'],
      ['de-AT', 'de'],
      ['fr-CA', 'fr'],
      ['ru', 'ru'],
      ['EN_gb', 'en'],
      ['nl-NL', null],
      ['pl', null],
      ['', null],
      ['constructor', null],
    ];
    for (const [tag, lang] of cases) expect([tag, langFromTag(tag)]).toEqual([tag, lang]);
  });
});

describe('preferredLang', () => {
  it('takes the first language the app speaks, in the browser order', () => {
    expect(preferredLang(['en-US', 'zh-TW'])).toBe('en');
    expect(preferredLang(['nl-NL', 'de-DE', 'en'])).toBe('de');
    expect(preferredLang(['pl', 'sv'])).toBeNull();
    expect(preferredLang([])).toBeNull();
  });

  it('reads navigator.languages, else navigator.language', () => {
    expect(browserTags({ languages: ['ko-KR', 'en'], language: 'ko-KR' })).toEqual(['ko-KR', 'en']);
    expect(browserTags({ languages: [], language: 'fr-FR' })).toEqual(['fr-FR']);
    expect(browserTags(undefined)).toEqual([]);
  });
});
