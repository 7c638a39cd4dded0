// First: lets antd-mobile's Toast and Dialog render on React 19 (see the file).
import './lib/antd-react19';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/global.css';
import { App } from './app/app';
import { prefetchFirstScreen } from './app/first-screen';
import { queryClient } from './app/query-client';
import { initI18n, startLang } from './lib/i18n';
import { preloadToast } from './lib/toast';

const root = createRoot(document.getElementById('root')!);

// Texts first, so the first paint is in the trader's language rather than raw keys, and
// the first screen's data, so it paints the board rather than a skeleton. The boot script
// (src/boot.ts) has already asked for both. If no texts can be fetched, start anyway.
// With no network, the last board and positions kept on the device are shown
// (app/offline-cache.ts: its own small file, fetched alongside, awaited only offline).
const offlineCache = import('./app/offline-cache');
Promise.all([
  initI18n().catch((error: unknown) => console.error('i18n init failed', error)),
  prefetchFirstScreen(startLang()),
])
  .then(() => {
    const keeping = offlineCache
      .then(({ keepForOffline }) => keepForOffline(queryClient))
      .catch((error: unknown) => console.error('offline copy unavailable', error));
    return navigator.onLine ? undefined : keeping;
  })
  .catch((error: unknown) => console.error('first screen prefetch failed', error))
  .finally(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
    // What the first screen does not show, fetched once the page has settled.
    // The service worker too (app/service-worker.ts): the shell for offline and updates.
    const idleWork = () => {
      preloadToast();
      void import('./app/service-worker').then(({ startServiceWorker }) => startServiceWorker());
    };
    const whenIdle = () => {
      // Safari has no requestIdleCallback.
      if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(idleWork);
      else window.setTimeout(idleWork, 1_000);
    };
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
  });
