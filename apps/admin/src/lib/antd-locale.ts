import type { Lang } from '@pipwise/shared';
import type { Locale } from 'antd/es/locale';
import enUS from 'antd/locale/en_US';

/**
 * antd's own texts (pagination, pickers, empty states, confirm buttons) and dayjs's month
 * and day names in the operator's language, loaded on demand: only one is used at a time.
 */
type Loader = () => Promise<[{ default: Locale }, unknown]>;

const loaders: Record<Lang, Loader | null> = {
  hk: () => Promise.all([import('antd/locale/zh_HK'), import('dayjs/locale/zh-hk')]),
  en: null,
  jp: () => Promise.all([import('antd/locale/ja_JP'), import('dayjs/locale/ja')]),
  kr: () => Promise.all([import('antd/locale/ko_KR'), import('dayjs/locale/ko')]),
  th: () => Promise.all([import('antd/locale/th_TH'), import('dayjs/locale/th')]),
  vn: () => Promise.all([import('antd/locale/vi_VN'), import('dayjs/locale/vi')]),
  fr: () => Promise.all([import('antd/locale/fr_FR'), import('dayjs/locale/fr')]),
  de: () => Promise.all([import('antd/locale/de_DE'), import('dayjs/locale/de')]),
  ru: () => Promise.all([import('antd/locale/ru_RU'), import('dayjs/locale/ru')]),
  spa: () => Promise.all([import('antd/locale/es_ES'), import('dayjs/locale/es')]),
  pt: () => Promise.all([import('antd/locale/pt_BR'), import('dayjs/locale/pt')]),
  ar: () => Promise.all([import('antd/locale/ar_EG'), import('dayjs/locale/ar')]),
  it: () => Promise.all([import('antd/locale/it_IT'), import('dayjs/locale/it')]),
  tr: () => Promise.all([import('antd/locale/tr_TR'), import('dayjs/locale/tr')]),
  id: () => Promise.all([import('antd/locale/id_ID'), import('dayjs/locale/id')]),
  my: () => Promise.all([import('antd/locale/ms_MY'), import('dayjs/locale/ms')]),
  hi: () => Promise.all([import('antd/locale/hi_IN'), import('dayjs/locale/hi')]),
  cs: () => Promise.all([import('antd/locale/cs_CZ'), import('dayjs/locale/cs')]),
};

export const DAYJS_LOCALE: Record<Lang, string> = {
  hk: 'zh-hk',
  en: 'en',
  jp: 'ja',
  kr: 'ko',
  th: 'th',
  vn: 'vi',
  fr: 'fr',
  de: 'de',
  ru: 'ru',
  spa: 'es',
  pt: 'pt',
  ar: 'ar',
  it: 'it',
  tr: 'tr',
  id: 'id',
  my: 'ms',
  hi: 'hi',
  cs: 'cs',
};

export async function loadAntdLocale(lang: Lang): Promise<Locale> {
  const load = loaders[lang];
  if (!load) return enUS;
  try {
    const [antd] = await load();
    return antd.default;
  } catch {
    return enUS; // a failed chunk must not block the language change
  }
}

export type { Locale };
