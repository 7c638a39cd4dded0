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
  // A message without variables is the same text every time: translated once per language
  // (i18next's lookup was 3–4 % of the order path, docs/benchmarks.md "Order path").
  const plain = new Map<string, string>();
  return (lang, key, vars) => {
    if (vars && Object.keys(vars).length > 0) return fixed.get(lang)!(key, vars);
    const id = `${lang}:${key}`;
    let text = plain.get(id);
    if (text === undefined) {
      text = fixed.get(lang)!(key, {});
      if (plain.size < PLAIN_CACHE_MAX) plain.set(id, text);
    }
    return text;
  };
}

/** The keys × languages of the app are a few thousand; past this, texts are not kept. */
const PLAIN_CACHE_MAX = 20_000;
