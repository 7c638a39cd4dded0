import { marginLevelsEndpoint, setMarginLevelsEndpoint } from '@pipwise/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api';
import { inboxKey } from './inbox-list';

const levelsKey = [...inboxKey, 'margin_levels'] as const;

/** GET /v1/api/inbox/margin_levels — the trader's warning levels (%), highest first. */
export function useMarginLevels() {
  return useQuery({
    queryKey: levelsKey,
    queryFn: ({ signal }) => request(marginLevelsEndpoint, {}, { signal }).then((r) => r.levels),
  });
}

/**
 * POST /v1/api/inbox/margin_levels (`value` "200,150,100", "" for none): the server's
 * "Warning levels saved" is toasted, a refusal too (by the api client); the levels it
 * answers (highest first, once each) become what the page shows.
 */
export function useSaveMarginLevels(handlers: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (value: string) =>
      request(setMarginLevelsEndpoint, { levels: value }, { toastSuccess: true }),
    onSuccess: (saved) => {
      queryClient.setQueryData(levelsKey, saved.levels);
      handlers.onSuccess?.();
    },
  });
}
