import { useSubmission, type Submission } from '@pipwise/client/react';
import type { Endpoint, EndpointInput, EndpointOutput } from '@pipwise/shared';
import { useQueryClient } from '@tanstack/react-query';
import { request } from './api';
import { invalidatePaths } from './query';

/**
 * The back office's money decisions — approve, reject or void a deposit; pay or reject a
 * withdrawal; approve or reject an identity; adjust a balance — each go through the
 * submission hook the traders' app uses too (@pipwise/client/react; docs/money.md "One
 * tap, one action"): one decision per click however the click comes (a double click on the
 * confirm button, Enter on a focused one), one `Idempotency-Key` per decision, kept for a
 * retry of a decision that got no answer.
 */
/**
 * One endpoint's call behind the gate, like `useApiMutation` (lib/query.ts): the success
 * told, then every list under the `invalidates` path prefixes made stale. A refusal is
 * told by the api client.
 */
export function useApiSubmission<E extends Endpoint>(
  endpoint: E,
  settings: { invalidates: readonly string[]; onSuccess?: (data: EndpointOutput<E>) => void },
): Submission<EndpointInput<E>, EndpointOutput<E>> {
  const client = useQueryClient();
  return useSubmission<EndpointInput<E>, EndpointOutput<E>>(
    (input, key) => request(endpoint, input, { toastSuccess: true, headers: { 'Idempotency-Key': key } }),
    {
      onSuccess: async (data) => {
        settings.onSuccess?.(data);
        await invalidatePaths(client, settings.invalidates);
      },
    },
  );
}
