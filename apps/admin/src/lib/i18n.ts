import en from '@pipwise/locales/en.json';
import { LANG_INFO, LANGS, normalizeLang, type Lang } from '@pipwise/shared';
import dayjs from 'dayjs';
import i18next from 'i18next';
import { useSyncExternalStore } from 'react';
import { initReactI18next } from 'react-i18next';
import { DAYJS_LOCALE, loadAntdLocale, type Locale } from './antd-locale';
import { readStorage, StorageKey, writeStorage } from './storage';

/**
 * The back office speaks the 18 languages of packages/locales (its texts under
 * `admin_app`), English by default for operators. English is bundled; another language
 * is fetched when chosen. The choice is kept per browser and sets `<html lang dir>`,
 * antd's locale and direction (Arabic reads right to left).
 */

type Messages = typeof en;

const loaders = import.meta.glob<Messages>(
  ['../../../../packages/locales/src/*.json', '!../../../../packages/locales/src/en.json'],
  { import: 'default' },
);

async function ensureLoaded(lang: Lang): Promise<void> {
  if (lang === 'en' || i18next.hasResourceBundle(lang, 'translation')) return;
  const load = Object.entries(loaders).find(([path]) => path.endsWith(`/${lang}.json`))?.[1];
  if (!load) return; // no such file yet: English shows instead
  i18next.addResourceBundle(lang, 'translation', await load(), true, true);
}

/** What antd's ConfigProvider needs, kept beside the language so both flip together. */
export interface UiLocale {
  lang: Lang;
  antd: Locale | undefined;
  direction: 'ltr' | 'rtl';
}

let ui: UiLocale = { lang: 'en', antd: undefined, direction: 'ltr' };
const listeners = new Set<() => void>();

export function useUiLocale(): UiLocale {
  return useSyncExternalStore(
    (fn) => {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    () => ui,
  );
}

export function currentLang(): Lang {
  return ui.lang;
}

/** The operator's earlier choice, else English (operators share one working language). */
function storedLang(): Lang {
  const stored = readStorage(StorageKey.lang);
  return stored ? normalizeLang(stored) : 'en';
}

/** Switches the whole back office's language and remembers the choice. */
export async function setLanguage(value: string): Promise<Lang> {
  const lang = normalizeLang(value);
  const [, antd] = await Promise.all([ensureLoaded(lang), loadAntdLocale(lang)]);
  dayjs.locale(DAYJS_LOCALE[lang]);
  await i18next.changeLanguage(lang);
  writeStorage(StorageKey.lang, lang);
  const info = LANG_INFO[lang];
  document.documentElement.lang = info.bcp47;
  document.documentElement.dir = info.dir;
  ui = { lang, antd: lang === 'en' ? undefined : antd, direction: info.dir };
  for (const fn of listeners) fn();
  return lang;
}

export async function initI18n(): Promise<void> {
  await i18next.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    supportedLngs: [...LANGS],
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
  await setLanguage(storedLang());
}

export { i18next };
