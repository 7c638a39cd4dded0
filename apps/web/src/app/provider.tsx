import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, setDefaultConfig } from 'antd-mobile';
import enUS from 'antd-mobile/es/locales/en-US';
import { useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { currentLang, getAntdLocale, i18next, subscribeAntdLocale } from '@/lib/i18n';
import { queryClient } from './query-client';

/** Server state, texts and antd-mobile's locale, for the whole app. */
export function AppProvider({ children }: { children: ReactNode }) {
  const antdLocale = useSyncExternalStore(subscribeAntdLocale, getAntdLocale, getAntdLocale) ?? enUS;
  // Hindi and Czech share English's antd locale object: the language itself is a dependency too.
  const lang = useSyncExternalStore(subscribeAntdLocale, currentLang, currentLang);
  // The end of a list speaks the app's language: antd-mobile has no Hindi or Czech (nor a
  // Spanish "no more"), and the app has its own text in all 18 (it changes with the locale).
  const locale = useMemo(
    () => ({
      ...antdLocale,
      InfiniteScroll: { ...antdLocale.InfiniteScroll, noMore: i18next.getFixedT(lang)('common.no_more') },
    }),
    [antdLocale, lang],
  );
  useEffect(() => {
    // Toast and Dialog render outside this tree and read the default config instead.
    setDefaultConfig({ locale });
  }, [locale]);
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18next}>
        <ConfigProvider locale={locale}>{children}</ConfigProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
