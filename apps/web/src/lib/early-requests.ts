/**
 * GETs started by the boot script (src/boot.ts) before the app's code has downloaded: the
 * board's first calls travel while the framework still does. The api client's fetch
 * (lib/api.ts) hands each one, once, to the first identical call — same URL besides the
 * `t` timestamp, same `lang` and `authorization` — made within a short time; anything else
 * goes to the network as usual, and so does the call if the early request failed.
 */

/** Older than this, an early answer is not handed out: the caller fetches afresh. */
export const EARLY_MAX_AGE_MS = 20_000;

interface EarlyRequest {
  response: Promise<Response>;
  startedAt: number;
}

const early = new Map<string, EarlyRequest>();

function keyOf(url: URL, lang: string, token: string | null): string {
  const copy = new URL(url);
  copy.searchParams.delete('t');
  copy.searchParams.sort();
  return `${copy.origin}${copy.pathname}?${copy.searchParams.toString()}\n${lang}\n${token ?? ''}`;
}

/** Starts `GET url` with the headers the api client would send (docs/api.md: `t`, `lang`, `authorization`). */
export function startEarlyGet(
  url: URL,
  lang: string,
  token: string | null,
  { fetch: fetchImpl = globalThis.fetch.bind(globalThis), now = Date.now } = {},
): void {
  const startedAt = now();
  const target = new URL(url);
  target.searchParams.set('t', String(startedAt));
  const headers: Record<string, string> = { accept: 'application/json', lang };
  if (token) headers.authorization = token;
  const response = fetchImpl(target, { headers });
  response.catch(() => undefined); // whoever takes it handles a failure (by asking again)
  early.set(keyOf(url, lang, token), { response, startedAt });
}

function absoluteUrl(input: RequestInfo | URL): URL | null {
  if (input instanceof URL) return input;
  if (typeof input !== 'string') return null; // a Request object: never an api client call
  try {
    return new URL(input, globalThis.location?.href);
  } catch {
    return null;
  }
}

function headerOf(init: RequestInit | undefined, name: string): string | null {
  return new Headers(init?.headers).get(name);
}

/** The api client's fetch: an early answer when one matches, else `fetchImpl`. */
export function withEarlyRequests(fetchImpl: typeof fetch, now: () => number = Date.now): typeof fetch {
  return (input, init) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    const url = method === 'GET' && early.size > 0 ? absoluteUrl(input) : null;
    if (url) {
      const key = keyOf(url, headerOf(init, 'lang') ?? '', headerOf(init, 'authorization'));
      const found = early.get(key);
      early.delete(key);
      if (found && now() - found.startedAt <= EARLY_MAX_AGE_MS) {
        return found.response.catch(() => fetchImpl(input, init));
      }
    }
    return fetchImpl(input, init);
  };
}

/** Forgets every early request (tests). */
export function clearEarlyRequests(): void {
  early.clear();
}
