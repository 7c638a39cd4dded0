import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, setDefaultConfig } from 'antd-mobile';
import enUS from 'antd-mobile/es/locales/en-US';
import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { getAntdLocale, i18next, subscribeAntdLocale } from '@/lib/i18n';
import { queryClient } from './query-client';

/** Server state, texts and antd-mobile's locale, for the whole app. */
export function AppProvider({ children }: { children: ReactNode }) {
  const locale = useSyncExternalStore(subscribeAntdLocale, getAntdLocale, getAntdLocale) ?? enUS;
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
