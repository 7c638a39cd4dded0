/**
 * Links in the spec's hash form (`origin/#/register?invite_code=…`, §9 — the old app routed
 * by hash) open this history-routed app on `/` with the route in the hash. This turns such
 * a hash into the path it names, so the link lands where it points, query included.
 */
type Place = Pick<Location, 'pathname' | 'search' | 'hash'>;

/** The path a `#/…` hash on the root names (`/register?invite_code=AB12`), else null. */
export function hashRoutePath(place: Place): string | null {
  if (!place.hash.startsWith('#/')) return null; // an in-page anchor, not a route
  if (place.pathname !== '/' && place.pathname !== '/index.html') return null;
  // Parsed on a dummy origin: only the path, query and inner hash are kept, so a hash like
  // `#//other.site/x` cannot point anywhere but this origin.
  const target = new URL(place.hash.slice(1), 'http://hash.route');
  // Query before the hash (campaign tags) is kept unless the hash sets the same key.
  for (const [key, value] of new URLSearchParams(place.search)) {
    if (!target.searchParams.has(key)) target.searchParams.append(key, value);
  }
  return `${target.pathname}${target.search}${target.hash}`;
}

/** At start-up, before the router reads the location: swap the hash route for its path. */
export function applyHashRoute(win: Pick<Window, 'location' | 'history'> = window): void {
  const path = hashRoutePath(win.location);
  if (path) win.history.replaceState(win.history.state, '', path);
}
