/**
 * Whether a request's `Origin` is one of the app's pages: the app's own origin (the same
 * host the request was sent to) or one of the configured ALLOWED_ORIGINS. The live socket
 * (docs/api.md "Live socket") lets no other site's page ride on the visitor's connection;
 * other clients (apps, scripts) send no Origin and pass, holding no browser's ambient
 * credentials to abuse. Passkeys (docs/passkeys.md) expect this origin in what the
 * authenticator signed, and need it present.
 */
export function originAllowed(
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
