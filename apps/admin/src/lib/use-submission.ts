import { createSubmissionGate, type SubmissionOutcome } from '@pipwise/client';
import type { Endpoint, EndpointInput, EndpointOutput } from '@pipwise/shared';
import { useQueryClient } from '@tanstack/react-query';
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { request } from './api';

/**
 * The back office's money decisions — approve, reject or void a deposit; pay or reject a
 * withdrawal; approve or reject an identity; adjust a balance — each go through the shared
 * submission gate of `@pipwise/client` (docs/money.md "One tap, one action"), as the
 * traders' app's do (apps/web/src/lib/use-submission.ts; each app has its own copy of this
 * small hook because each bundles its own React): one decision per click however the click
 * comes (a double click on the confirm button, Enter on a focused one), one
 * `Idempotency-Key` per decision, kept for a retry of a decision that got no answer.
 */

export interface Submission<I, T> {
  /** Sends `input` unless a decision is in flight or was just answered. Never rejects. */
  submit: (input: I) => Promise<SubmissionOutcome<T>>;
  /** A decision is in flight or was answered a moment ago: its buttons show it and take no click. */
  locked: boolean;
}

export function useSubmission<I, T>(
  send: (input: I, key: string) => Promise<T>,
  handlers: { onSuccess?: (value: T, input: I) => void | Promise<void> } = {},
): Submission<I, T> {
  const [gate] = useState(() => createSubmissionGate<I>());
  useEffect(() => () => gate.dispose(), [gate]);
  const locked = useSyncExternalStore(gate.subscribe, gate.locked, gate.locked);
  const latest = useRef({ send, handlers });
  useLayoutEffect(() => {
    latest.current = { send, handlers };
  });
  const submit = useCallback(
    async (input: I): Promise<SubmissionOutcome<T>> => {
      const outcome = await gate.run(input, (key) => latest.current.send(input, key));
      if (outcome.status === 'done') await latest.current.handlers.onSuccess?.(outcome.value, input);
      return outcome;
    },
    [gate],
  );
  return useMemo(() => ({ submit, locked }), [submit, locked]);
}

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
        await client.invalidateQueries({
          predicate: (query) => {
            const path = query.queryKey[0];
            return typeof path === 'string' && settings.invalidates.some((prefix) => path.startsWith(prefix));
          },
        });
      },
    },
  );
}
