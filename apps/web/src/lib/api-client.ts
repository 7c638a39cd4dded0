import {
  ResultCode,
  type Endpoint,
  type EndpointInput,
  type EndpointOutput,
  type Envelope,
} from '@pipwise/shared';

/**
 * The HTTP client of spec §7/§8, typed by the shared Endpoint objects. It knows nothing
 * of the browser: the toast, the session and navigation are injected, so the unit tests
 * run it against a real local server in Node. `api.ts` wires it for the app.
 */

export type ApiErrorKind = 'business' | 'session' | 'http' | 'network' | 'aborted';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    /** The envelope code, when the server sent one. */
    readonly code?: number,
    /** The HTTP status, when a response arrived. */
    readonly status?: number,
    /** The envelope's `data` of a refusal (e.g. `{captcha_required: true}` on login). */
    readonly data?: unknown,
  ) {
    super(message);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export interface CallOptions {
  /** No toast for this call's errors (the caller shows its own). */
  silent?: boolean;
  /**
   * A start-up call: on code 999 the session is still cleared, but the user is not sent
   * to /login (spec §4: a guest opening the app must not be bounced).
   */
  init?: boolean;
  /** Block the screen with a spinner until the response arrives (spec §9: no time limit). */
  loading?: boolean;
  /**
   * Show the server's success `msg` as a toast (spec §8: code send, order close or cancel,
   * TP/SL, withdraw, charge, bind, delete). An empty msg shows nothing.
   */
  toastSuccess?: boolean;
  signal?: AbortSignal;
  /** Extra request headers, e.g. the `Idempotency-Key` of an order submit. */
  headers?: Readonly<Record<string, string>>;
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
    showLoading: () => void;
    hideLoading: () => void;
  };
  fetch?: typeof fetch;
  now?: () => number;
}

type QueryValue = string | number | boolean | null | undefined;

function appendQuery(params: URLSearchParams, input: unknown): void {
  if (input === null || typeof input !== 'object') return;
  for (const [key, value] of Object.entries(input as Record<string, QueryValue | QueryValue[]>)) {
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) {
      // Absent values are left out rather than sent as "undefined".
      if (v !== undefined && v !== null) params.append(key, String(v));
    }
  }
}

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return (
    typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'number'
  );
}

function isAbort(error: unknown, signal?: AbortSignal): boolean {
  return signal?.aborted === true || (error instanceof Error && error.name === 'AbortError');
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
}

export function createApiClient(deps: ApiClientDeps): ApiClient {
  const fetchImpl = deps.fetch ?? globalThis.fetch.bind(globalThis);
  const now = deps.now ?? Date.now;
  // Several blocking calls may overlap: the spinner closes when the last one answers.
  let loadingCount = 0;

  const startLoading = () => {
    if (loadingCount++ === 0) deps.ui.showLoading();
  };
  const stopLoading = () => {
    if (--loadingCount === 0) deps.ui.hideLoading();
  };

  async function send(endpoint: Endpoint, input: unknown, options: CallOptions): Promise<Response> {
    const url = new URL(endpoint.path, deps.baseUrl);
    const headers: Record<string, string> = {
      accept: 'application/json',
      ...options.headers,
      lang: deps.getLang(),
    };
    const token = deps.getToken();
    if (token) headers.authorization = token;

    let body: BodyInit | undefined;
    if (endpoint.method === 'GET' || endpoint.method === 'DELETE') {
      appendQuery(url.searchParams, input);
      // Spec §7: a timestamp defeats caches between the phone and the server.
      url.searchParams.set('t', String(now()));
    } else if (typeof FormData !== 'undefined' && input instanceof FormData) {
      body = input; // multipart (uploads): the runtime sets the boundary header
    } else {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(input ?? {});
    }
    return fetchImpl(url, { method: endpoint.method, headers, body, signal: options.signal });
  }

  async function request<E extends Endpoint>(
    endpoint: E,
    input: EndpointInput<E>,
    options: CallOptions = {},
  ): Promise<EndpointOutput<E>> {
    const toast = (message: string) => {
      if (!options.silent && message) deps.ui.toast(message);
    };
    if (options.loading) startLoading();
    let response: Response;
    let payload: unknown;
    try {
      try {
        response = await send(endpoint, input, options);
        payload = await response.json().catch((error: unknown) => {
          if (isAbort(error, options.signal)) throw error;
          return undefined; // not JSON: handled below as an HTTP error
        });
      } catch (error) {
        if (isAbort(error, options.signal)) throw new ApiError('aborted', 'aborted');
        toast(deps.ui.networkErrorText('ERR_NETWORK'));
        throw new ApiError('network', error instanceof Error ? error.message : String(error));
      }
    } finally {
      if (options.loading) stopLoading();
    }

    // The server answers business errors, and most 4xx, with an envelope: read its code
    // first, and fall back to the HTTP status only when there is no envelope.
    if (!isEnvelope(payload)) {
      toast(deps.ui.networkErrorText(response.status));
      throw new ApiError('http', `HTTP ${response.status}`, undefined, response.status);
    }
    if (payload.code === ResultCode.Success) {
      if (options.toastSuccess) toast(payload.msg);
      return payload.data as EndpointOutput<E>;
    }

    if (payload.code === ResultCode.SessionExpired) {
      deps.clearSession();
      if (!options.init) {
        toast(payload.msg);
        deps.onSessionExpired();
      }
      throw new ApiError('session', payload.msg, payload.code, response.status);
    }
    toast(payload.msg);
    throw new ApiError('business', payload.msg, payload.code, response.status, payload.data);
  }

  async function withLoading<T>(work: () => Promise<T>): Promise<T> {
    startLoading();
    try {
      return await work();
    } finally {
      stopLoading();
    }
  }

  return { request, withLoading };
}
