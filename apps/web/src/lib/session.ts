import { readJson, readStorage, StorageKey, writeStorage } from './storage';

/**
 * The signed-in session: the token sent as `authorization` and the user returned by
 * login. One small store so the api client, the socket and the route guard agree.
 */

/** The user of the login response (docs/product.md §3). Extra fields are kept as they come. */
export interface SessionUser {
  id: number;
  uid?: string;
  email?: string;
  invite_code?: string;
  is_demo?: number;
  [field: string]: unknown;
}

export interface Session {
  token: string;
  user: SessionUser | null;
}

type Listener = (session: Session | null) => void;

const listeners = new Set<Listener>();
let current: Session | null = load();

function load(): Session | null {
  const token = readStorage(StorageKey.token);
  return token ? { token, user: readJson<SessionUser>(StorageKey.user) } : null;
}

function emit(): void {
  for (const fn of listeners) fn(current);
}

export function getSession(): Session | null {
  return current;
}

export function getToken(): string | null {
  return current?.token ?? null;
}

/** Login: stores token and user (docs/product.md §4). */
export function setSession(session: Session): void {
  current = session;
  writeStorage(StorageKey.token, session.token);
  writeStorage(StorageKey.user, session.user ? JSON.stringify(session.user) : null);
  emit();
}

/** Logout or code 999: forgets token and user. */
export function clearSession(): void {
  if (current === null && readStorage(StorageKey.token) === null) return;
  current = null;
  writeStorage(StorageKey.token, null);
  writeStorage(StorageKey.user, null);
  emit();
}

export function subscribeSession(fn: Listener): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

// Another tab logging in or out changes this tab's session too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== StorageKey.token && event.key !== StorageKey.user) return;
    current = load();
    emit();
  });
}
