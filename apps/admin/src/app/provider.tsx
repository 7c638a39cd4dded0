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
        token: { colorPrimary: '#1668dc', borderRadius: 6 },
        // A compact menu: every screen fits a 900 px tall window without scrolling.
        components: { Menu: { itemHeight: 34, itemMarginBlock: 1, groupTitleFontSize: 12 } },
      }}
    >
      <AntdApp>
        <NotifyBridge />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </AntdApp>
    </ConfigProvider>
  );
}
