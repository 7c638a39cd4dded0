import 'i18next';
import type en from '@pipwise/locales/en.json';

// Typed keys: a key missing from en.json (the source every language is checked against)
// is a compile error.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}
