/**
 * Private images (`/api/common/image/<name>`) answer only with the owner's session header,
 * so `<img src>` cannot load them: they are fetched as a blob and shown through an object
 * URL (use-private-image.ts revokes it).
 */
export interface PrivateImageDeps {
  baseUrl: string;
  token: string | null;
  fetch?: typeof fetch;
  signal?: AbortSignal;
}

export async function fetchPrivateImage(url: string, deps: PrivateImageDeps): Promise<Blob> {
  const target = new URL(url, deps.baseUrl);
  // Only our own API gets the session token: a stored URL pointing elsewhere is refused.
  if (target.origin !== new URL(deps.baseUrl).origin) throw new Error('foreign image origin');
  const headers: Record<string, string> = {};
  if (deps.token) headers.authorization = deps.token;
  const fetchImpl = deps.fetch ?? globalThis.fetch.bind(globalThis);
  const response = await fetchImpl(target, { headers, signal: deps.signal });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const blob = await response.blob();
  if (!blob.type.startsWith('image/')) throw new Error(`not an image: ${blob.type || 'unknown'}`);
  return blob;
}
