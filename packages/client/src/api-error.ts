/**
 * Why a call failed:
 * - `business`: the server answered an envelope with a refusal code (`code`, `msg`, `data`);
 * - `session`: code 999, no session or an expired one;
 * - `http`: a response without an envelope (a proxy's 502, an HTML page), by its `status`;
 * - `network`: no response at all (refused, dropped, offline);
 * - `aborted`: the caller's signal aborted it.
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
