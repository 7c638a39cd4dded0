import { favouritesEndpoint, setFavouriteEndpoint } from '@pipwise/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api';

/** Kept for the offline board too (app/offline-cache.ts). */
export const favouritesKey = ['markets', 'favourites'] as const;

/** GET /v1/api/forex/favourites — the trader's starred instruments, in the order starred. */
export function useFavourites({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: favouritesKey,
    // The board works without them: no toast if they fail.
    queryFn: ({ signal }) => request(favouritesEndpoint, {}, { signal, silent: true }).then((r) => r.ids),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/**
 * POST /v1/api/forex/favourite: the star turns at the tap (the list is changed before the
 * answer), the server's list replaces it after, and a refusal puts the earlier one back
 * (the api client toasts why).
 */
export function useSetFavourite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, on }: { id: number; on: boolean }) =>
      request(setFavouriteEndpoint, { forex_id: id, favourite: on ? 1 : 0 }).then((r) => r.ids),
    onMutate: async ({ id, on }) => {
      await queryClient.cancelQueries({ queryKey: favouritesKey });
      const before = queryClient.getQueryData<number[]>(favouritesKey);
      const without = (before ?? []).filter((x) => x !== id);
      queryClient.setQueryData<number[]>(favouritesKey, on ? [...without, id] : without);
      return { before };
    },
    onError: (_err, _vars, context) => {
      queryClient.setQueryData(favouritesKey, context?.before);
    },
    onSuccess: (ids) => {
      queryClient.setQueryData(favouritesKey, ids);
    },
  });
}
