import en from '@pipwise/locales/en.json';
import i18next, { type TFunction } from 'i18next';

/**
 * The back office's English texts for unit tests: what a declaration builds with it is what
 * an operator reads, so a wrong key or a wrong value fails the test.
 */
export const i18n = i18next.createInstance();
void i18n.init({
  lng: 'en',
  resources: { en: { translation: en } },
  initAsync: false,
  interpolation: { escapeValue: false },
  returnEmptyString: false,
});

export const t: TFunction = i18n.getFixedT('en');
