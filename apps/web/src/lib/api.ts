import type { Endpoint, EndpointInput, EndpointOutput } from '@pipwise/shared';
import { env } from '../config/env';
import { createApiClient, type CallOptions } from './api-client';
import { withEarlyRequests } from './early-requests';
import { currentLang, i18next } from './i18n';
import { currentPath, loginPath, navigateTo } from './navigation';
import { clearSession, getToken } from './session';
import { showLoadingToast, showToast } from './toast';

/**
 * The app's api client: the pure client of api-client.ts wired to antd-mobile's Toast
 * (loaded on first use), the session store, the router, the active language and the
 * requests the boot script started early (lib/early-requests.ts).
 */
let loadingToast: { close: () => void } | null = null;

export const api = createApiClient({
  baseUrl: env.apiBase,
  fetch: withEarlyRequests(globalThis.fetch.bind(globalThis)),
  getLang: currentLang,
  getToken,
  clearSession,
  onSessionExpired: () => {
    const from = currentPath();
    if (!window.location.pathname.startsWith('/login')) navigateTo(loginPath(from), { replace: true });
  },
  ui: {
    toast: showToast,
    networkErrorText: (status) => i18next.t('common.network_error', { status }),
    offline: () => !navigator.onLine,
    showLoading: () => {
      // Spec §9: the spinner has no time limit and blocks clicks until the answer.
      loadingToast = showLoadingToast(i18next.t('common.loading'));
    },
    hideLoading: () => {
      loadingToast?.close();
      loadingToast = null;
    },
  },
});

/** One call of a shared Endpoint: resolves to its unwrapped, typed `data`. */
export function request<E extends Endpoint>(
  endpoint: E,
  input: EndpointInput<E>,
  options?: CallOptions,
): Promise<EndpointOutput<E>> {
  return api.request(endpoint, input, options);
}

export { ApiError, isApiError, type CallOptions } from './api-client';
