import { messages, NAMESPACE } from '@pipwise/locales';
import { LANGS, type Lang } from '@pipwise/shared';
import i18next from 'i18next';

/** Translates a message key into one language, filling `{{placeholders}}`. */
export type Translator = (lang: Lang, key: string, vars?: Record<string, unknown>) => string;

/**
 * The server's translator: one i18next instance over the same message files the web app
 * uses, so a server message and a screen say things the same way. English fills any gap.
 */
export function createTranslator(): Translator {
  const instance = i18next.createInstance();
  void instance.init({
    resources: Object.fromEntries(LANGS.map((l) => [l, { [NAMESPACE]: messages[l] }])),
    lng: 'en',
    fallbackLng: 'en',
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  const fixed = new Map(LANGS.map((l) => [l, instance.getFixedT(l)]));
  return (lang, key, vars) => fixed.get(lang)!(key, vars ?? {});
}
