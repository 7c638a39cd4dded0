import { WS_PATH } from '@pipwise/shared';
import { socketUrl } from '../config/env';
import { currentLang } from './i18n';
import { clearSession, getToken, subscribeSession } from './session';
import { LiveSocket } from './socket';

/**
 * The app's one live socket, created on first use and wired to the session: a login
 * logs the socket in, a logout logs it out and drops the private topics (docs/product.md §4).
 */
let instance: LiveSocket | null = null;

export function getLiveSocket(): LiveSocket {
  if (instance) return instance;
  const socket = new LiveSocket({
    // The server translates its socket messages by this query (browsers cannot set headers).
    url: () => `${socketUrl(WS_PATH)}?lang=${currentLang()}`,
    getToken,
    // The server no longer knows this token: the session is over (as code 999 on HTTP).
    onLoginRejected: () => clearSession(),
    onServerError: (msg) => console.warn('live socket:', msg),
  });
  let token = getToken();
  subscribeSession((session) => {
    const next = session?.token ?? null;
    if (next === token) return;
    if (token) socket.logout();
    if (next) socket.login(next);
    token = next;
  });
  // Coming back online or to the foreground: retry now rather than wait for the backoff.
  window.addEventListener('online', () => socket.reconnectNow());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') socket.reconnectNow();
  });
  instance = socket;
  return socket;
}
