import type { Lang } from '@pipwise/shared';
import enUS from 'antd-mobile/es/locales/en-US';

/**
 * antd-mobile's own texts (pull-to-refresh, pickers …) in the language closest to the
 * app's. Hindi and Czech have no antd-mobile locale: English is the closest readable one.
 * Loaded on demand: each is a few KB and only one is used at a time.
 */
export type AntdLocale = typeof enUS;

type Loader = () => Promise<{ default: AntdLocale }>;

const loaders: Record<Lang, Loader | null> = {
  hk: () => import('antd-mobile/es/locales/zh-HK'),
  en: null,
  jp: () => import('antd-mobile/es/locales/ja-JP'),
  kr: () => import('antd-mobile/es/locales/ko-KR'),
  th: () => import('antd-mobile/es/locales/th-TH'),
  vn: () => import('antd-mobile/es/locales/vi-VN'),
  fr: () => import('antd-mobile/es/locales/fr-FR'),
  de: () => import('antd-mobile/es/locales/de-DE'),
  ru: () => import('antd-mobile/es/locales/ru-RU'),
  spa: () => import('antd-mobile/es/locales/es-ES'),
  pt: () => import('antd-mobile/es/locales/pt-BR'),
  ar: () => import('antd-mobile/es/locales/ar-SA'),
  it: () => import('antd-mobile/es/locales/it-IT'),
  tr: () => import('antd-mobile/es/locales/tr-TR'),
  id: () => import('antd-mobile/es/locales/id-ID'),
  my: () => import('antd-mobile/es/locales/ms-MY'),
  hi: null,
  cs: null,
};

export async function loadAntdLocale(lang: Lang): Promise<AntdLocale> {
  const load = loaders[lang];
  if (!load) return enUS;
  try {
    return (await load()).default;
  } catch {
    return enUS; // a failed chunk must not block the language change
  }
}
