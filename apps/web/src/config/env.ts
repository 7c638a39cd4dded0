/**
 * Build-time settings, read once. The app talks to its own origin by default: the server
 * serves the app, the API and the socket on one port (docs/architecture.md).
 */
function parseApiBase(raw: string | undefined): string {
  const value = raw?.trim();
  if (!value) return window.location.origin;
  try {
    return new URL(value, window.location.origin).origin;
  } catch {
    // A malformed override must not take the whole app down: fall back to same origin.
    console.warn(`VITE_API_BASE "${value}" is not a URL; using the page origin`);
    return window.location.origin;
  }
}

export const env = {
  apiBase: parseApiBase(import.meta.env.VITE_API_BASE),
  isDev: import.meta.env.DEV,
} as const;

/** ws(s)://<api host>/v1/ws — the secure protocol whenever the API is on https. */
export function socketUrl(path: string): string {
  const url = new URL(path, env.apiBase);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}
