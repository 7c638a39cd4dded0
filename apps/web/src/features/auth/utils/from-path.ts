/**
 * Where login returns to. `from` arrives in the query string, so anyone can craft it:
 * only a path of this app is followed, never another origin (`//evil.example`,
 * `/\evil.example`, `https://…`), and never an access page, which would loop back here.
 */

const ACCESS_PATHS = new Set(['/login', '/register', '/forgot']);
const BASE = 'https://app.invalid';

/** A safe in-app path (pathname + search + hash) for `from`, or `fallback` ("/"). */
export function safeFromPath(raw: string | null | undefined, fallback = '/'): string {
  if (typeof raw !== 'string' || !raw.startsWith('/')) return fallback;
  let url: URL;
  try {
    // The URL parser drops tabs and newlines and reads "\" as "/", as the browser will.
    url = new URL(raw, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
  if (ACCESS_PATHS.has(path)) return fallback;
  return url.pathname + url.search + url.hash;
}

/** `path` with `from` carried along (login ↔ register ↔ forgot keep the way back). */
export function withFrom(path: string, from: string | null | undefined): string {
  const safe = safeFromPath(from, '');
  if (!safe || safe === '/') return path;
  const url = new URL(path, BASE);
  url.searchParams.set('from', safe);
  return url.pathname + url.search;
}
