import {
  ResultCode,
  type Endpoint,
  type EndpointInput,
  type EndpointOutput,
  type Envelope,
} from '@pipwise/shared';
import { ApiError } from './api-error.js';

/**
 * The HTTP core both apps share (docs/product.md §7/§8 and docs/api.md): calls typed by the shared
 * Endpoint objects, the `lang` and `authorization` headers, `t` on GET/DELETE, JSON or
 * multipart bodies, envelope unwrapping and one error type. It knows nothing of a screen:
 * what a failure shows (a toast, a redirect to login) is each app's hooks, and each app
 * adds its own call options (`O`), which reach the hooks untouched.
 */

/** What every call may take; apps extend it with their own options (silent, loading …). */
export interface RequestOptions {
  signal?: AbortSignal;
  /** Extra request headers, e.g. an `Idempotency-Key`; never replace `lang` or `authorization`. */
  headers?: Readonly<Record<string, string>>;
}

/** How an app hears about calls. All are optional and called in this order. */
export interface CoreHooks<O extends RequestOptions> {
  /** The request is about to leave. */
  onSend?: (options: O) => void;
  /** The transport is over (the answer read, or none came) — before the outcome hooks. */
  onSettled?: (options: O) => void;
  /** A success envelope, with its `msg` (often empty). */
  onSuccess?: (msg: string, options: O) => void;
  /** Every failure, aborts included, just before the call rejects with it. */
  onError?: (error: ApiError, options: O) => void;
}

export interface CoreClientDeps<O extends RequestOptions> {
  /** Origin the endpoint paths are resolved against. */
  baseUrl: string;
  getLang: () => string;
  getToken: () => string | null;
  hooks?: CoreHooks<O>;
  fetch?: typeof fetch;
  now?: () => number;
}

export interface CoreClient<O extends RequestOptions> {
  /** One call of a shared Endpoint: resolves to its unwrapped, typed `data`. */
  request<E extends Endpoint>(endpoint: E, input: EndpointInput<E>, options?: O): Promise<EndpointOutput<E>>;
  /**
   * A GET the API answers with bytes (private images): same headers, and the same errors
   * when it answers an envelope instead (999, a refusal, not found). Only URLs of the API's
   * own origin are fetched: the session token never goes elsewhere.
   */
  blob(url: string, options?: O): Promise<Blob>;
}

/** Headers the client sets itself: a caller's copy (any case) is dropped. */
const RESERVED_HEADERS: ReadonlySet<string> = new Set(['lang', 'authorization']);

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

export function isEnvelope(value: unknown): value is Envelope<unknown> {
  return (
    typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'number'
  );
}

function isAbort(error: unknown, signal?: AbortSignal): boolean {
  return signal?.aborted === true || (error instanceof Error && error.name === 'AbortError');
}

/** The error an envelope with a code other than 1 stands for. */
function envelopeError(payload: Envelope<unknown>, status: number): ApiError {
  const kind = payload.code === ResultCode.SessionExpired ? 'session' : 'business';
  return new ApiError(kind, payload.msg, payload.code, status, payload.data);
}

export function createCoreClient<O extends RequestOptions = RequestOptions>(
  deps: CoreClientDeps<O>,
): CoreClient<O> {
  const fetchImpl = deps.fetch ?? globalThis.fetch.bind(globalThis);
  const now = deps.now ?? Date.now;
  const hooks = deps.hooks ?? {};
  const apiOrigin = new URL(deps.baseUrl).origin;

  function headersFor(options: O): Record<string, string> {
    const headers: Record<string, string> = { accept: 'application/json' };
    for (const [name, value] of Object.entries(options.headers ?? {})) {
      if (!RESERVED_HEADERS.has(name.toLowerCase())) headers[name] = value;
    }
    headers.lang = deps.getLang();
    const token = deps.getToken();
    if (token) headers.authorization = token;
    return headers;
  }

  function fail(error: ApiError, options: O): never {
    hooks.onError?.(error, options);
    throw error;
  }

  /**
   * Sends and reads the answer with `read`; a failure before an answer is a network error
   * (or an abort). `onSettled` runs once either way.
   */
  async function transport<T>(
    url: URL,
    init: RequestInit,
    options: O,
    read: (response: Response) => Promise<T>,
  ): Promise<{ response: Response; value: T }> {
    hooks.onSend?.(options);
    try {
      const response = await fetchImpl(url, { ...init, signal: options.signal });
      return { response, value: await read(response) };
    } catch (error) {
      if (isAbort(error, options.signal)) throw new ApiError('aborted', 'aborted');
      throw new ApiError('network', error instanceof Error ? error.message : String(error));
    } finally {
      hooks.onSettled?.(options);
    }
  }

  async function request<E extends Endpoint>(
    endpoint: E,
    input: EndpointInput<E>,
    options: O = {} as O,
  ): Promise<EndpointOutput<E>> {
    const url = new URL(endpoint.path, deps.baseUrl);
    const headers = headersFor(options);
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

    let answer: { response: Response; value: unknown };
    try {
      answer = await transport(url, { method: endpoint.method, headers, body }, options, (response) =>
        response.json().catch((error: unknown) => {
          if (isAbort(error, options.signal)) throw error;
          return undefined; // not JSON: handled below as an HTTP error
        }),
      );
    } catch (error) {
      return fail(error as ApiError, options);
    }
    const { response, value: payload } = answer;

    // The server answers business errors, and most 4xx, with an envelope: read its code
    // first, and fall back to the HTTP status only when there is no envelope.
    if (!isEnvelope(payload)) {
      return fail(new ApiError('http', `HTTP ${response.status}`, undefined, response.status), options);
    }
    if (payload.code !== ResultCode.Success) return fail(envelopeError(payload, response.status), options);
    hooks.onSuccess?.(payload.msg, options);
    return payload.data as EndpointOutput<E>;
  }

  async function blob(target: string, options: O = {} as O): Promise<Blob> {
    const url = new URL(target, deps.baseUrl);
    if (url.origin !== apiOrigin) {
      return fail(new ApiError('http', 'foreign origin', undefined, 0), options);
    }
    const headers = headersFor(options);
    headers.accept = '*/*';
    let answer: { response: Response; value: unknown };
    try {
      answer = await transport(
        url,
        { method: 'GET', headers },
        options,
        async (response): Promise<unknown> => {
          const type = response.headers.get('content-type') ?? '';
          // An envelope instead of bytes: a refusal, read like any other call's.
          if (!type.includes('application/json')) return response.blob();
          return (await response.json().catch(() => undefined)) as unknown;
        },
      );
    } catch (error) {
      return fail(error as ApiError, options);
    }
    const { response, value } = answer;
    if (isEnvelope(value)) {
      if (value.code === ResultCode.Success) {
        return fail(
          new ApiError('http', 'an envelope where bytes were expected', undefined, response.status),
          options,
        );
      }
      return fail(envelopeError(value, response.status), options);
    }
    if (!response.ok || !(value instanceof Blob)) {
      return fail(new ApiError('http', `HTTP ${response.status}`, undefined, response.status), options);
    }
    return value;
  }

  return { request, blob };
}
