import { LANG_INFO, LANGS, type Lang } from '@pipwise/shared';

/**
 * The `lang` attribute of a text the server says is in the app language `code` ("hk"):
 * its BCP 47 tag ("zh-HK"), which screen readers and browsers understand — the app's own
 * codes are not all valid tags. A code the app does not know gives no attribute, so the
 * text is read in the page's language rather than a wrong one.
 */
export function contentLang(code: string): string | undefined {
  return (LANGS as readonly string[]).includes(code) ? LANG_INFO[code as Lang].bcp47 : undefined;
}
