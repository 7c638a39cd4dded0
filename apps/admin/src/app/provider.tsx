import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp, ConfigProvider } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { useUiLocale } from '@/lib/i18n';
import { setMessageInstance } from '@/lib/notify';
import { queryClient } from '@/lib/query';

/** Hands antd's context-aware message instance to the api layer (lib/notify.ts). */
function NotifyBridge() {
  const { message } = AntdApp.useApp();
  useEffect(() => setMessageInstance(message), [message]);
  return null;
}

/** antd in the operator's language and direction, the query client, the message bridge. */
export function AppProvider({ children }: { children: ReactNode }) {
  const ui = useUiLocale();
  return (
    <ConfigProvider
      locale={ui.antd}
      direction={ui.direction}
      theme={{
        // Every text at 4.5:1 or more on white and on the page's #f5f5f5 (docs/accessibility.md
        // "Contrast"): antd's grey hints, placeholders, links and reds are a shade darker.
        token: {
          colorPrimary: '#1668dc',
          colorLink: '#1668dc',
          colorError: '#cf1322',
          colorSuccess: '#237804',
          colorInfo: '#1668dc',
          colorTextDescription: 'rgba(0, 0, 0, 0.6)',
          colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
          colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
          borderRadius: 6,
        },
        // A compact menu: every screen fits a 900 px tall window without scrolling.
        components: {
          Menu: { itemHeight: 34, itemMarginBlock: 1, groupTitleFontSize: 12 },
          // A table's "nothing here" line is text to read, not a disabled control.
          Table: { colorTextDisabled: 'rgba(0, 0, 0, 0.56)' },
        },
      }}
    >
      <AntdApp>
        <NotifyBridge />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </AntdApp>
    </ConfigProvider>
  );
}
