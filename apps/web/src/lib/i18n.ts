import en from '@pipwise/locales/en.json';
import { DEFAULT_LANG, LANG_INFO, LANGS, normalizeLang, type Lang } from '@pipwise/shared';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { loadAntdLocale, type AntdLocale } from './antd-locale';
import { browserTags, preferredLang } from './browser-lang';
import { readStorage, StorageKey, writeStorage } from './storage';

/**
 * The 18 interface languages (docs/product.md §3, §9). English is bundled as the fallback; the
 * active language is fetched on demand, so a phone downloads one set of texts, not 18.
 * Language codes are the spec's wire codes (hk, spa, …), also sent as the `lang` header.
 */

type Messages = typeof en;

// Every language file except English (which is bundled above) becomes its own chunk.
const loaders = import.meta.glob<Messages>(
  ['../../../../packages/locales/src/*.json', '!../../../../packages/locales/src/en.json'],
  { import: 'default' },
);

function loaderFor(lang: Lang): (() => Promise<Messages>) | undefined {
  const entry = Object.entries(loaders).find(([path]) => path.endsWith(`/${lang}.json`));
  return entry?.[1];
}

async function ensureLoaded(lang: Lang): Promise<void> {
  if (lang === 'en' || i18next.hasResourceBundle(lang, 'translation')) return;
  const load = loaderFor(lang);
  if (!load) {
    // The translators have not delivered this language yet: English shows instead.
    console.warn(`No messages for "${lang}"; showing English`);
    return;
  }
  i18next.addResourceBundle(lang, 'translation', await load(), true, true);
}

/**
 * The language to start in: the one the user picked (always wins), else the first of the
 * browser's languages the app speaks, else the default (zh-HK, docs/product.md §9).
 */
export function startLang(): Lang {
  const stored = readStorage(StorageKey.lang);
  if (stored) return normalizeLang(stored);
  return preferredLang(browserTags(globalThis.navigator)) ?? DEFAULT_LANG;
}

export function currentLang(): Lang {
  return normalizeLang(i18next.resolvedLanguage ?? i18next.language);
}

// ---- antd-mobile locale, kept beside the language so both flip together -----------
let antdLocale: AntdLocale | null = null;
const antdListeners = new Set<() => void>();

export function getAntdLocale(): AntdLocale | null {
  return antdLocale;
}

export function subscribeAntdLocale(fn: () => void): () => void {
  antdListeners.add(fn);
  return () => antdListeners.delete(fn);
}

function applyDocument(lang: Lang): void {
  const info = LANG_INFO[lang];
  document.documentElement.lang = info.bcp47;
  document.documentElement.dir = info.dir;
}

/**
 * Switches the whole app's language. A choice the user makes is remembered; the language
 * the app starts in from the browser is not, so it keeps following the browser.
 */
export async function setLanguage(
  value: string,
  { remember = true }: { remember?: boolean } = {},
): Promise<Lang> {
  const lang = normalizeLang(value);
  const [, locale] = await Promise.all([ensureLoaded(lang), loadAntdLocale(lang)]);
  antdLocale = locale;
  await i18next.changeLanguage(lang);
  if (remember) writeStorage(StorageKey.lang, lang);
  applyDocument(lang);
  for (const fn of antdListeners) fn();
  return lang;
}

/** Initialises i18next in the start language; resolves once its texts are in. */
export async function initI18n(): Promise<void> {
  const lang = startLang();
  await i18next.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    supportedLngs: [...LANGS],
    // The codes are the spec's own (hk, spa …), not BCP 47: never split them by region.
    load: 'currentOnly',
    nonExplicitSupportedLngs: false,
    ns: ['translation'],
    defaultNS: 'translation',
    resources: { en: { translation: en } },
    partialBundledLanguages: true,
    interpolation: { escapeValue: false }, // React escapes
    react: { useSuspense: false },
    returnEmptyString: false,
  });
  await setLanguage(lang, { remember: false });
}

export { i18next };
