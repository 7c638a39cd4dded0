import { ApiError, createCoreClient, isApiError, type RequestOptions } from '@pipwise/client';
import type { Endpoint, EndpointInput, EndpointOutput } from '@pipwise/shared';
import { setupRefusal } from './first-use';
import { currentLang, i18next } from './i18n';
import { notify } from './notify';
import { clearSession, getSession, getToken, setSession } from './session';

/**
 * The back office's layer over the shared client core (`@pipwise/client`): the operator's
 * token and language on every call, failures told with antd's message, code 999 ends the
 * session here (the layout then shows the login page), and the first-use refusal (2028)
 * marks the session so the layout leads to the first-use screen instead of a message.
 */
export interface AdminCallOptions extends RequestOptions {
  /** The caller shows this call's failure itself (the login form, a form's field error). */
  silent?: boolean;
  /** Tell the operator the change went through (the server's message, or "Done"). */
  toastSuccess?: boolean;
}

/** The admin API lives on the page's own origin (the server serves /admin and /api). */
const baseUrl = typeof window === 'undefined' ? 'http://127.0.0.1' : window.location.origin;

export const api = createCoreClient<AdminCallOptions>({
  baseUrl,
  getLang: currentLang,
  getToken,
  hooks: {
    onSuccess: (msg, options) => {
      if (options.toastSuccess) notify.success(msg || i18next.t('admin_app.common.done'));
    },
    onError: (error, options) => {
      switch (error.kind) {
        case 'aborted':
          return;
        case 'session':
          // Logged out elsewhere, expired or deactivated: the layout shows the login page.
          if (getSession()) notify.warning(error.message);
          clearSession();
          return;
        case 'business': {
          const pending = setupRefusal(error);
          const session = getSession();
          if (pending) {
            // The layout sends the operator to the first-use screen: no message needed.
            if (session) setSession({ ...session, operator: { ...session.operator, ...pending } });
            return;
          }
          if (!options.silent) notify.error(error.message);
          return;
        }
        case 'network':
          if (!options.silent) notify.error(i18next.t('admin_app.common.network_error'));
          return;
        case 'http':
          if (!options.silent)
            notify.error(i18next.t('admin_app.common.http_error', { status: error.status ?? 0 }));
          return;
      }
    },
  },
});

/** One call of a shared Endpoint: resolves to its unwrapped, typed `data`. */
export function request<E extends Endpoint>(
  endpoint: E,
  input: EndpointInput<E>,
  options?: AdminCallOptions,
): Promise<EndpointOutput<E>> {
  return api.request(endpoint, input, options);
}

/** `data.field` of a refusal that names the field at fault (settings, channels). */
export function refusedField(error: unknown): string | null {
  if (!isApiError(error) || error.kind !== 'business') return null;
  const field = (error.data as { field?: unknown } | null)?.field;
  return typeof field === 'string' ? field : null;
}

export { ApiError, isApiError };
