/**
 * Whether a socket upgrade may proceed, by its `Origin` (docs/api.md "Live socket"). A
 * browser always sends Origin on a WebSocket; a page of another site must not ride on
 * the visitor's connection, so only the app's own origin (the same host the request was
 * sent to) and the configured ALLOWED_ORIGINS pass. Other clients (apps, scripts) send no
 * Origin and pass: they hold no browser's ambient credentials to abuse.
 */
export function socketOriginAllowed(
  origin: string | undefined,
  host: string | undefined,
  allowed: ReadonlySet<string>,
): boolean {
  if (origin === undefined) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false; // "null" (sandboxed frames, file pages) and junk
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (allowed.has(url.origin)) return true;
  if (!host) return false;
  const defaultPort = url.protocol === 'https:' ? '443' : '80';
  const sameHost = [url.host, `${url.hostname}:${url.port || defaultPort}`];
  return sameHost.includes(host.toLowerCase());
}
