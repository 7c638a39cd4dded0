import type en from '@pipwise/locales/en.json';
import type { Lang } from '@pipwise/shared';

/**
 * The texts of each language, as a JSON file of the build (hashed, served precompressed
 * and cached for good): a phone downloads one language, as data, not as script. The boot
 * script starts the active one before the framework has downloaded (src/boot.ts); i18n
 * takes the same request when it starts.
 */
export type Messages = typeof en;

// Only the URLs are bundled (a few bytes each); `no-inline` keeps every file a file.
const urls = import.meta.glob<string>('../../../../packages/locales/src/*.json', {
  query: '?url&no-inline',
  import: 'default',
  eager: true,
});

export function messagesUrl(lang: Lang): string | undefined {
  return Object.entries(urls).find(([path]) => path.endsWith(`/${lang}.json`))?.[1];
}

const pending = new Map<Lang, Promise<Messages>>();

/**
 * One language's texts, fetched once: a second call (i18n after the boot script) gets
 * the same request. A failed fetch is forgotten, so a later call tries again.
 */
export function loadMessages(lang: Lang): Promise<Messages> {
  let request = pending.get(lang);
  if (!request) {
    const url = messagesUrl(lang);
    request = url
      ? fetch(url).then(async (response) => {
          if (!response.ok) throw new Error(`${lang} texts: HTTP ${response.status}`);
          return (await response.json()) as Messages;
        })
      : Promise.reject(new Error(`No texts for "${lang}"`));
    request.catch(() => pending.delete(lang));
    pending.set(lang, request);
  }
  return request;
}
