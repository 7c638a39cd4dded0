import type { Endpoint, EndpointInput, EndpointOutput } from '@pipwise/shared';
import {
  keepPreviousData,
  QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
  type UseQueryOptions,
} from '@tanstack/react-query';
import { isApiError, request, type AdminCallOptions } from './api';

/**
 * Every screen reads and changes data through these two hooks: a query is keyed by its
 * endpoint's path and input, so a change can make stale every list of an area at once
 * (`invalidates` takes path prefixes such as '/api/admin/deposits/').
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 10_000,
      // A refusal is final; only a lost connection is worth another try.
      retry: (failureCount, error) => isApiError(error) && error.kind === 'network' && failureCount < 2,
      refetchOnWindowFocus: true,
    },
    mutations: { retry: false },
  },
});

type QueryExtras<E extends Endpoint> = Omit<
  UseQueryOptions<EndpointOutput<E>, Error, EndpointOutput<E>, readonly unknown[]>,
  'queryKey' | 'queryFn'
>;

export function useApiQuery<E extends Endpoint>(
  endpoint: E,
  input: EndpointInput<E>,
  extras: QueryExtras<E> = {},
) {
  return useQuery({
    queryKey: [endpoint.path, input] as const,
    queryFn: ({ signal }) => request(endpoint, input, { signal }),
    // Paging and filtering keep the old rows on screen until the new ones arrive.
    placeholderData: keepPreviousData,
    ...extras,
  });
}

export interface MutationSettings<E extends Endpoint> {
  /** Path prefixes whose queries are stale once this change went through. */
  invalidates: readonly string[];
  /** Headers of each call, e.g. an `Idempotency-Key`. */
  headers?: () => Readonly<Record<string, string>>;
  /** Field errors are shown by the form: no message for refusals naming a field. */
  silent?: boolean;
  onSuccess?: (data: EndpointOutput<E>) => void;
}

export function useApiMutation<E extends Endpoint>(endpoint: E, settings: MutationSettings<E>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: EndpointInput<E>) => {
      const options: AdminCallOptions = { toastSuccess: true };
      if (settings.headers) options.headers = settings.headers();
      if (settings.silent) options.silent = true;
      return request(endpoint, input, options);
    },
    onSuccess: async (data) => {
      settings.onSuccess?.(data);
      await invalidatePaths(client, settings.invalidates);
    },
  });
}

/** Makes every cached list under the path prefixes stale (after a change was saved). */
export function invalidatePaths(client: QueryClient, prefixes: readonly string[]): Promise<void> {
  return client.invalidateQueries({
    predicate: (query) => {
      const path = query.queryKey[0];
      return typeof path === 'string' && prefixes.some((prefix) => path.startsWith(prefix));
    },
  });
}
