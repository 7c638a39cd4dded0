import 'i18next';
import type en from '@pipwise/locales/en.json';

// Typed keys: `t('home.titel')` is a compile error, so the app uses only keys that exist
// in en.json (the source every language is checked against).
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}
