import { useEffect, useState } from 'react';
import { api } from './api';
import { useSession } from './session';

export type PrivateImage =
  | { status: 'idle'; src: null }
  | { status: 'loading'; src: null }
  | { status: 'ready'; src: string }
  | { status: 'error'; src: null };

/**
 * A private upload (deposit proof, identity photo, feedback screenshot) as an object URL:
 * `/api/admin/image?name=…` answers only with the operator's session header, so it is
 * fetched as a blob and revoked when the path changes or the component unmounts.
 */
export function usePrivateImage(path: string | null | undefined): PrivateImage {
  const token = useSession()?.token ?? null;
  const [loaded, setLoaded] = useState<{ path: string; src: string | null } | null>(null);

  useEffect(() => {
    if (!path) return;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    api
      .blob(path, { signal: controller.signal, silent: true })
      .then((blob) => {
        if (controller.signal.aborted) return;
        if (!blob.type.startsWith('image/')) throw new Error(`not an image: ${blob.type}`);
        objectUrl = URL.createObjectURL(blob);
        setLoaded({ path, src: objectUrl });
      })
      .catch(() => {
        if (!controller.signal.aborted) setLoaded({ path, src: null });
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [path, token]);

  if (!path) return { status: 'idle', src: null };
  if (loaded?.path !== path) return { status: 'loading', src: null };
  return loaded.src ? { status: 'ready', src: loaded.src } : { status: 'error', src: null };
}
