import { DEFAULT_LANG, normalizeLang, type Lang } from '@pipwise/shared';
import { browserTags, preferredLang } from './browser-lang';
import { readStorage, StorageKey } from './storage';

/**
 * The language to start in: the one the user picked (always wins), else the first of the
 * browser's languages the app speaks, else the default (zh-HK, docs/product.md §9).
 * Its own small module: the boot script (src/boot.ts) reads it before the framework loads.
 */
export function startLang(): Lang {
  const stored = readStorage(StorageKey.lang);
  if (stored) return normalizeLang(stored);
  return preferredLang(browserTags(globalThis.navigator)) ?? DEFAULT_LANG;
}
