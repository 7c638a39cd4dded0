import { LANGS } from '@pipwise/shared';
import { describe, expect, it } from 'vitest';
import { messages } from './index.js';

type Tree = { [key: string]: string | Tree };

/** Flattens nested messages into `a.b.c → text`. */
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) =>
  (text.match(/{{\s*\w+\s*}}/g) ?? []).map((p) => p.replace(/\s/g, '')).sort();

const source = flatten(messages.en);

describe('every language has every key', () => {
  it.each(LANGS.filter((l) => l !== 'en'))('%s', (lang) => {
    const target = flatten(messages[lang]);
    const missing = [...source.keys()].filter((k) => !target.has(k));
    const extra = [...target.keys()].filter((k) => !source.has(k));
    expect(missing, `${lang} lacks keys`).toEqual([]);
    expect(extra, `${lang} has keys English does not`).toEqual([]);
    for (const [key, text] of target) {
      expect(text.trim(), `${lang}:${key} is empty`).not.toBe('');
      expect(placeholders(text), `${lang}:${key} placeholders`).toEqual(placeholders(source.get(key)!));
    }
  });

  it('translations are not left in English', () => {
    // A whole language copied from English is a missing translation in disguise.
    for (const lang of LANGS.filter((l) => l !== 'en')) {
      const target = flatten(messages[lang]);
      const same = [...source].filter(([k, v]) => target.get(k) === v && /[a-z]{4,}/i.test(v));
      expect(same.length / source.size, `${lang} copies English`).toBeLessThan(0.1);
    }
  });
});
