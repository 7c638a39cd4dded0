import { resetDemoEndpoint, type EndpointOutput } from '@pipwise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api';
import { invalidateAccount } from './get-forex-detail';

/**
 * GET /v1/api/main/user/resetForexDemoAccount — demo only: every position and order ends
 * and the balance goes back to the starting amount. The server's msg is toasted.
 */
export function resetDemo(): Promise<EndpointOutput<typeof resetDemoEndpoint>> {
  return request(resetDemoEndpoint, {}, { toastSuccess: true, loading: true });
}

export function useResetDemo({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetDemo,
    onSuccess: () => {
      void invalidateAccount(queryClient);
      onSuccess?.();
    },
  });
}
