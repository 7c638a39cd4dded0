/** Where an upload is fetched (by its owner, with the session header): its public name. */
export const UPLOAD_URL_PREFIX = '/api/common/image/';

export function uploadUrl(name: string): string {
  return `${UPLOAD_URL_PREFIX}${name}`;
}

/** The stored name of an upload URL, or null when it is not one of ours. */
export function uploadNameOf(url: string): string | null {
  if (!url.startsWith(UPLOAD_URL_PREFIX)) return null;
  const name = url.slice(UPLOAD_URL_PREFIX.length);
  return /^[a-f0-9]{32}\.(jpg|png|webp)$/.test(name) ? name : null;
}
