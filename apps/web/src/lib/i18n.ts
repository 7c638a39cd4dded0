import { LANG_INFO, LANGS, normalizeLang, type Lang } from '@pipwise/shared';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { loadAntdLocale, type AntdLocale } from './antd-locale';
import { loadMessages } from './locale-files';
import { startLang } from './start-lang';
import { StorageKey, writeStorage } from './storage';

/**
 * The 18 interface languages (docs/product.md §3, §9). Each language's texts are a JSON
 * file fetched on demand (lib/locale-files.ts), so a phone downloads one set of texts, not
 * 18, and none as script; the boot script has already asked for the active one.
 * Language codes are the spec's wire codes (hk, spa, …), also sent as the `lang` header.
 */

async function ensureLoaded(lang: Lang): Promise<void> {
  if (i18next.hasResourceBundle(lang, 'translation')) return;
  i18next.addResourceBundle(lang, 'translation', await loadMessages(lang), true, true);
}

export { startLang };

export function currentLang(): Lang {
  // Before i18next has started (the first screen's prefetch), the language it starts in.
  return normalizeLang(i18next.resolvedLanguage ?? i18next.language ?? startLang());
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

/**
 * Initialises i18next in the start language; resolves once its texts are in (the boot
 * script's request, usually already answered). If they cannot be fetched, English is
 * tried; if that fails too the app still starts. antd-mobile's own texts (nothing on the
 * first screen shows them) follow when their chunk arrives.
 */
export async function initI18n(): Promise<void> {
  let lang = startLang();
  await i18next.use(initReactI18next).init({
    lng: lang,
    fallbackLng: 'en',
    supportedLngs: [...LANGS],
    // The codes are the spec's own (hk, spa …), not BCP 47: never split them by region.
    load: 'currentOnly',
    nonExplicitSupportedLngs: false,
    ns: ['translation'],
    defaultNS: 'translation',
    resources: {},
    partialBundledLanguages: true,
    interpolation: { escapeValue: false }, // React escapes
    react: { useSuspense: false },
    returnEmptyString: false,
  });
  try {
    await ensureLoaded(lang);
  } catch (error) {
    console.error(`Texts for "${lang}" could not be loaded; trying English`, error);
    lang = 'en';
    await ensureLoaded(lang);
  } finally {
    await i18next.changeLanguage(lang);
    applyDocument(lang);
  }
  void loadAntdLocale(lang).then((locale) => {
    // The trader may have switched language meanwhile: that switch set its own locale.
    if (currentLang() !== lang) return;
    antdLocale = locale;
    for (const fn of antdListeners) fn();
  });
}

export { i18next };
