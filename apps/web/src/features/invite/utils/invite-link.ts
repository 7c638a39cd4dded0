/**
 * The link a trader shares: the app's own origin, its register page and the code. The app
 * routes by path (history mode); links in the spec's hash form (`/#/register?…`, §9) still
 * land on register, see lib/hash-route.ts.
 */
export function inviteLink(origin: string, code: string): string {
  const url = new URL('/register', origin);
  url.searchParams.set('invite_code', code);
  return url.toString();
}
