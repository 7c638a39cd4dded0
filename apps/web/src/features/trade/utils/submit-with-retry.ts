import { isUnanswered, newIdempotencyKey } from '@pipwise/client';
import { submitOrderEndpoint, type EndpointInput, type Order } from '@pipwise/shared';
import { ApiError, isApiError, type ApiClient } from '@/lib/api-client';

/**
 * One order submission, sent again when its answer is lost (docs/api.md "Trading":
 * `Idempotency-Key`). The key is made once per submission and every attempt carries it
 * with the same body, so however many attempts reach the server it opens one order and
 * answers each with that order. Only an attempt without an answer is repeated: a refusal
 * (an envelope with a code other than 1) is final.
 */

export type SubmitOrderInput = EndpointInput<typeof submitOrderEndpoint>;

export interface RetryPolicy {
  /** The wait before each retry; as many retries as entries. */
  backoffMs: readonly number[];
  /** An attempt still unanswered after this long is abandoned and sent again. */
  attemptTimeoutMs: number;
}

/**
 * Two retries, soon after the drop (a phone switching networks is back within a second or
 * two). The spinner stays up for the whole submission (docs/product.md §9: no time limit); the
 * per-attempt limit only decides when a silent connection is given up for a fresh one.
 */
export const SUBMIT_RETRY: RetryPolicy = { backoffMs: [500, 1500], attemptTimeoutMs: 15_000 };

/** Whether an attempt failed without an answer from the server (shared with the submission gate). */
export { isUnanswered };

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `send` until it is answered: again after a network error, an unanswered gateway
 * status or the per-attempt time limit, at most `policy.backoffMs.length` more times.
 * `send` must send the same request each time (same body, same idempotency key).
 * Throws the last attempt's error; a timed-out last attempt as a network error.
 */
export async function submitWithRetry<T>(
  send: (signal: AbortSignal) => Promise<T>,
  policy: RetryPolicy = SUBMIT_RETRY,
  sleep: (ms: number) => Promise<void> = wait,
): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, policy.attemptTimeoutMs);
    let failure: unknown;
    try {
      return await send(controller.signal);
    } catch (error) {
      failure = timedOut ? new ApiError('network', 'timed out') : error;
    } finally {
      clearTimeout(timer);
    }
    const delay = policy.backoffMs[attempt];
    if (delay === undefined || !isUnanswered(failure)) throw failure;
    await sleep(delay);
  }
}

/** The text shown when a submission failed: the server's reason, or the network error. */
export function submitErrorText(
  error: unknown,
  networkErrorText: (status: number | string) => string,
): string {
  if (isApiError(error) && (error.kind === 'business' || error.kind === 'session')) return error.message;
  return networkErrorText(isApiError(error) && error.status !== undefined ? error.status : 'ERR_NETWORK');
}

export interface OrderSubmitterDeps {
  client: Pick<ApiClient, 'request' | 'withLoading'>;
  /** Shows why the submission failed, once, after its last attempt. */
  showError: (error: unknown) => void;
  newKey?: () => string;
  policy?: RetryPolicy;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * The order ticket's submit: each call is one submission with one key — the submission
 * gate's (lib/use-submission.ts), or a new one — so the next tap of Buy or Sell is a new
 * order while the retries of this one are not.
 */
export function createOrderSubmitter(
  deps: OrderSubmitterDeps,
): (input: SubmitOrderInput, key?: string) => Promise<Order> {
  const newKey = deps.newKey ?? newIdempotencyKey;
  return async (input, key) => {
    const headers = { 'Idempotency-Key': key ?? newKey() };
    try {
      // One spinner over every attempt; each attempt is silent, the outcome is told once.
      return await deps.client.withLoading(() =>
        submitWithRetry(
          (signal) => deps.client.request(submitOrderEndpoint, input, { headers, signal, silent: true }),
          deps.policy,
          deps.sleep,
        ),
      );
    } catch (error) {
      deps.showError(error);
      throw error;
    }
  };
}
