import { LANGS, type Lang } from '@pipwise/shared';

/** Every language but English, the one each per-language text falls back to. */
export const OTHER_LANGS: readonly Lang[] = LANGS.filter((l) => l !== 'en');

/** A text per language as the contract takes it: English always, others only when written. */
export type LanguageTexts = { en: string } & Partial<Record<Lang, string>>;

/**
 * What a per-language form field (category names, card instructions) sends: every text
 * trimmed, English kept even when empty (the server says it is required), the other
 * languages left out when empty so they show the English one.
 */
export function languageTexts(texts: Partial<Record<Lang, string | undefined>> | undefined): LanguageTexts {
  const out: LanguageTexts = { en: (texts?.en ?? '').trim() };
  for (const lang of OTHER_LANGS) {
    const text = texts?.[lang]?.trim();
    if (text) out[lang] = text;
  }
  return out;
}
