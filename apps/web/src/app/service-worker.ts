/// <reference types="vite-plugin-pwa/client" />
import { registerSW } from 'virtual:pwa-register';
import { announceUpdate } from '@/lib/app-update';
import { currentLang } from '@/lib/i18n';
import { messagesUrl } from '@/lib/locale-files';

/** How often an app left open asks whether a new version is out (a navigation asks too). */
const UPDATE_CHECK_MS = 60 * 60_000;

/**
 * Registers the service worker (sw/sw.ts, docs/installable-app.md) once the first screen is
 * up, so its downloads never compete with it. A new version found later waits for the
 * trader's word (lib/app-update.ts). The current language's texts are kept for offline use:
 * the shell does not carry all 18.
 */
export function startServiceWorker(): void {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  const switchTo = registerSW({
    immediate: true,
    onNeedRefresh: () =>
      announceUpdate(() => {
        // The registration reloads only a page that was already controlled when it started;
        // a first visit that installed the app reloads here when the new version takes it.
        navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
          once: true,
        });
        return switchTo(true);
      }),
    onRegisterError: (error: unknown) => console.error('service worker not registered', error),
    onRegisteredSW: (_url, registration) => {
      if (!registration) return;
      void navigator.serviceWorker.ready.then((ready) => {
        const texts = messagesUrl(currentLang());
        ready.active?.postMessage({ type: 'CACHE_URLS', payload: { urlsToCache: texts ? [texts] : [] } });
      });
      window.setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
    },
  });
}
