import { stableFingerprint } from '@pipwise/client';
import { useSubmission, type Submission } from '@pipwise/client/react';
import type { Endpoint, EndpointInput, EndpointOutput } from '@pipwise/shared';
import { useQueryClient } from '@tanstack/react-query';
import { request } from './api';
import type { ApiCall } from './api-call';
import { invalidatePaths } from './query';

/**
 * The back office's money decisions — approve, reject or void a deposit; pay or reject a
 * withdrawal; approve or reject an identity; adjust a balance — each go through the
 * submission hook the traders' app uses too (@pipwise/client/react; docs/money.md "One
 * tap, one action"): one decision per click however the click comes (a double click on the
 * confirm button, Enter on a focused one), one `Idempotency-Key` per decision, kept for a
 * retry of a decision that got no answer.
 */

interface Settings<T> {
  /** Path prefixes whose lists are stale once the decision went through. */
  invalidates: readonly string[];
  onSuccess?: (data: T) => void;
}

/** The success told, then every list under the `invalidates` path prefixes made stale. */
function useAfterSuccess<T>(settings: Settings<T>) {
  const client = useQueryClient();
  return async (data: T) => {
    settings.onSuccess?.(data);
    await invalidatePaths(client, settings.invalidates);
  };
}

const send = <E extends Endpoint>(endpoint: E, input: EndpointInput<E>, key: string) =>
  request(endpoint, input, { toastSuccess: true, headers: { 'Idempotency-Key': key } });

/** One endpoint's call behind the gate, like `useApiMutation` (lib/query.ts). A refusal is told by the api client. */
export function useApiSubmission<E extends Endpoint>(
  endpoint: E,
  settings: Settings<EndpointOutput<E>>,
): Submission<EndpointInput<E>, EndpointOutput<E>> {
  const onSuccess = useAfterSuccess(settings);
  return useSubmission<EndpointInput<E>, EndpointOutput<E>>((input, key) => send(endpoint, input, key), {
    onSuccess,
  });
}

/**
 * The decisions of one review (approve, reject, mark invalid …) behind one gate: whichever
 * button starts it, one decision is in flight at a time, and the retry of a decision that
 * got no answer (the same endpoint and input) keeps its key.
 */
export function useApiDecision(settings: Settings<unknown>): Submission<ApiCall, unknown> {
  const onSuccess = useAfterSuccess(settings);
  return useSubmission<ApiCall, unknown>(
    (call, key) => send(call.endpoint, call.input, key),
    { onSuccess },
    {
      fingerprint: (call) => `${call.endpoint.method} ${call.endpoint.path} ${stableFingerprint(call.input)}`,
    },
  );
}
