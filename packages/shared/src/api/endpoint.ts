import type { z } from 'zod';
import type { OperatorRole } from '../domain/operators.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One API call, described once and used by both sides: the server registers its route
 * and validates input with `input`; the web client builds the request and types the
 * unwrapped `data` with `output`.
 */
export interface Endpoint<
  M extends HttpMethod = HttpMethod,
  I extends z.ZodType = z.ZodType,
  O extends z.ZodType = z.ZodType,
> {
  method: M;
  path: string;
  /** Query parameters for GET/DELETE, body fields otherwise. */
  input: I;
  output: O;
  /** True when the call needs a logged-in session (answers 999 without one). */
  auth: boolean;
  /** True for real-money features a demo user may not use (docs/product.md §6). */
  realOnly?: boolean;
  /**
   * Back-office calls (`/api/admin/...`): the operator roles allowed besides `admin`, which
   * may call everything; `[]` is admin only. Set on every admin endpoint but the login, and
   * checked by the back office's one hook with an operator session (never a trader's).
   */
  operator?: readonly OperatorRole[];
}

export function defineEndpoint<M extends HttpMethod, I extends z.ZodType, O extends z.ZodType>(
  endpoint: Endpoint<M, I, O>,
): Endpoint<M, I, O> {
  return endpoint;
}

export type EndpointInput<E extends Endpoint> = z.input<E['input']>;
export type EndpointOutput<E extends Endpoint> = z.output<E['output']>;
