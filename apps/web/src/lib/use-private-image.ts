import { useEffect, useState } from 'react';
import { env } from '@/config/env';
import { fetchPrivateImage } from './private-image';
import { useSession } from './use-session';

export type PrivateImage =
  | { status: 'idle'; src: null }
  | { status: 'loading'; src: null }
  | { status: 'ready'; src: string }
  | { status: 'error'; src: null };

/**
 * A private image as an object URL for `<img src>`: fetched with the session header,
 * revoked when the URL changes or the component unmounts.
 */
export function usePrivateImage(url: string | null | undefined): PrivateImage {
  const token = useSession()?.token ?? null;
  // The result is kept with the URL it belongs to: a new URL reads as loading at once.
  const [loaded, setLoaded] = useState<{ url: string; src: string | null } | null>(null);

  useEffect(() => {
    if (!url) return;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    fetchPrivateImage(url, { baseUrl: env.apiBase, token, signal: controller.signal })
      .then((blob) => {
        if (controller.signal.aborted) return; // unmounted meanwhile: nothing to revoke later
        objectUrl = URL.createObjectURL(blob);
        setLoaded({ url, src: objectUrl });
      })
      .catch(() => {
        if (!controller.signal.aborted) setLoaded({ url, src: null });
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url, token]);

  if (!url) return { status: 'idle', src: null };
  if (loaded?.url !== url) return { status: 'loading', src: null };
  return loaded.src ? { status: 'ready', src: loaded.src } : { status: 'error', src: null };
}
