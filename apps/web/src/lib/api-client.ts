import {
  ApiError,
  createCoreClient,
  isApiError,
  type ApiErrorKind,
  type RequestOptions,
} from '@pipwise/client';
import type { Endpoint, EndpointInput, EndpointOutput } from '@pipwise/shared';

/**
 * The traders' app's layer over the shared client core (`@pipwise/client`: typed calls,
 * envelope, errors): what a call shows the trader — error and success toasts, the
 * blocking spinner — and code 999, which clears the session and leads to /login. It
 * knows nothing of the browser: the toast, the session and navigation are injected, so
 * the unit tests run it against a real local server in Node. `api.ts` wires it for the app.
 */

export { ApiError, isApiError, type ApiErrorKind };

export interface CallOptions extends RequestOptions {
  /** No toast for this call's errors (the caller shows its own). */
  silent?: boolean;
  /** Refusals the caller answers in its own way (a step-up sheet): no toast for those. */
  handles?: (error: ApiError) => boolean;
  /**
   * A start-up call: on code 999 the session is still cleared, but the user is not sent
   * to /login (docs/product.md §4: a guest opening the app must not be bounced).
   */
  init?: boolean;
  /** Block the screen with a spinner until the response arrives (docs/product.md §9: no time limit). */
  loading?: boolean;
  /**
   * Show the server's success `msg` as a toast (docs/product.md §8: code send, order close or cancel,
   * TP/SL, withdraw, charge, bind, delete). An empty msg shows nothing.
   */
  toastSuccess?: boolean;
}

export interface ApiClientDeps {
  /** Origin the endpoint paths are resolved against. */
  baseUrl: string;
  getLang: () => string;
  getToken: () => string | null;
  /** Code 999: forget token and user. Always called. */
  clearSession: () => void;
  /** Code 999 on a non-init call: go to the login page. */
  onSessionExpired: () => void;
  ui: {
    toast: (message: string) => void;
    /** Text of the network/HTTP error toast for a status ("ERR_NETWORK" without one). */
    networkErrorText: (status: number | string) => string;
    /**
     * True while the device has no network: a failed request is then not toasted, the
     * offline notice already says so (components/connection-badge.tsx).
     */
    offline?: () => boolean;
    showLoading: () => void;
    hideLoading: () => void;
  };
  fetch?: typeof fetch;
  now?: () => number;
}

export interface ApiClient {
  request<E extends Endpoint>(
    endpoint: E,
    input: EndpointInput<E>,
    options?: CallOptions,
  ): Promise<EndpointOutput<E>>;
  /**
   * Blocks the screen with the spinner while `work` runs: one spinner for several calls
   * that belong together, such as the attempts of an order submit that is retried.
   */
  withLoading<T>(work: () => Promise<T>): Promise<T>;
  /**
   * A GET the API answers with bytes (a statement file): the session and `lang` headers,
   * and a refusal envelope fails like any call's (its translated msg toasted unless silent).
   */
  blob(url: string, options?: CallOptions): Promise<Blob>;
}

export function createApiClient(deps: ApiClientDeps): ApiClient {
  // Several blocking calls may overlap: the spinner closes when the last one answers.
  let loadingCount = 0;
  const startLoading = () => {
    if (loadingCount++ === 0) deps.ui.showLoading();
  };
  const stopLoading = () => {
    if (--loadingCount === 0) deps.ui.hideLoading();
  };
  const toast = (options: CallOptions, message: string) => {
    if (!options.silent && message) deps.ui.toast(message);
  };

  const core = createCoreClient<CallOptions>({
    baseUrl: deps.baseUrl,
    getLang: deps.getLang,
    getToken: deps.getToken,
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
    ...(deps.now ? { now: deps.now } : {}),
    hooks: {
      onSend: (options) => {
        if (options.loading) startLoading();
      },
      // The spinner closes before any toast: antd-mobile shows one toast at a time.
      onSettled: (options) => {
        if (options.loading) stopLoading();
      },
      onSuccess: (msg, options) => {
        if (options.toastSuccess) toast(options, msg);
      },
      onError: (error, options) => {
        if (options.handles?.(error)) return;
        switch (error.kind) {
          case 'aborted':
            return;
          case 'network':
            if (deps.ui.offline?.()) return;
            return toast(options, deps.ui.networkErrorText('ERR_NETWORK'));
          case 'http':
            return toast(options, deps.ui.networkErrorText(error.status ?? 'ERR_NETWORK'));
          case 'session':
            deps.clearSession();
            if (!options.init) {
              toast(options, error.message);
              deps.onSessionExpired();
            }
            return;
          case 'business':
            return toast(options, error.message);
        }
      },
    },
  });

  async function withLoading<T>(work: () => Promise<T>): Promise<T> {
    startLoading();
    try {
      return await work();
    } finally {
      stopLoading();
    }
  }

  return {
    request: (endpoint, input, options = {}) => core.request(endpoint, input, options),
    withLoading,
    blob: (url, options = {}) => core.blob(url, options),
  };
}
