/**
 * Lets code outside React (the api client on code 999) navigate with the app's router.
 * The app registers its router's navigate at start; before that, a full page load works.
 */
type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigateImpl: Navigate = (to, options) => {
  if (options?.replace) window.location.replace(to);
  else window.location.assign(to);
};

export function registerNavigate(fn: Navigate): void {
  navigateImpl = fn;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  navigateImpl(to, options);
}

/** /login?from=<path+search>, the spec's way back after logging in. */
export function loginPath(from: string): string {
  return `/login?from=${encodeURIComponent(from)}`;
}

export function currentPath(): string {
  return window.location.pathname + window.location.search;
}
