/**
 * Which cached server data belongs to a session. On login and logout it is dropped, so
 * nobody sees the previous user's orders or balance for a moment; public data (prices,
 * categories, operator settings, area codes) is kept, so the markets do not flash empty.
 */
const PUBLIC_KEYS: readonly (readonly string[])[] = [
  ['markets'],
  ['auth', 'basic-info'],
  ['auth', 'company-status'],
  ['auth', 'area-list'],
];

export function isSessionScopedQuery(queryKey: readonly unknown[]): boolean {
  return !PUBLIC_KEYS.some((prefix) => prefix.every((part, i) => queryKey[i] === part));
}
