/// <reference lib="webworker" />
/* The app's service worker (docs/installable-app.md), built by vite-plugin-pwa
 * (injectManifest) to /sw.js: the app shell offline, updates on the trader's word, and web
 * push (docs/notifications.md "Web push"). */
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
};

// A new version waits until the trader taps "Reload" in the app (its update prompt sends
// SKIP_WAITING): the open page keeps the files it was built with until then.
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
// The first install takes the open page at once, so it works offline without a reload.
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

// The shell: the HTML, every script and style of the build and the icons (the list and
// their hashes are written in at build time).
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every screen of the app is its one page, offline too. The API, the back office and
// uploaded files are never answered from here.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/(api|v1|admin|static)(\/|$)/],
  }),
);

// Other files of the build (a language's texts, images): hashed, so a copy is good
// forever; kept once fetched (the app asks for its current language at start).
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin && url.pathname.startsWith('/assets/') && request.method === 'GET',
  new CacheFirst({
    cacheName: 'pipwise-assets',
    plugins: [new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 90 * 24 * 60 * 60 })],
  }),
);

/* Web push. A push carries {title, body, tag, url}: the notice's sentence, already in the
 * trader's language; the tag is the notice's id, so a push delivered twice shows once.
 * Tapping it opens its page in the app's window if one is open, or a new one. */
interface PushMessage {
  title?: unknown;
  body?: unknown;
  tag?: unknown;
  url?: unknown;
}

self.addEventListener('push', (event) => {
  let message: PushMessage;
  try {
    message = (event.data?.json() as PushMessage | null) ?? {};
  } catch {
    message = {};
  }
  const title = typeof message.title === 'string' ? message.title : 'Pipwise';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof message.body === 'string' ? message.body : '',
      tag: typeof message.tag === 'string' ? message.tag : undefined,
      icon: '/icons/icon-192.png',
      badge: '/icons/badge-96.png',
      data: { url: typeof message.url === 'string' && message.url.startsWith('/') ? message.url : '/inbox' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = (event.notification.data as { url?: string } | null)?.url ?? '/inbox';
  const url = new URL(target, self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (windows) => {
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (!open) return void (await self.clients.openWindow(url));
      const moved = await open.navigate(url);
      await (moved ?? open).focus();
    }),
  );
});
