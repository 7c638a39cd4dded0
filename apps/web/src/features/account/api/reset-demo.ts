import { resetDemoEndpoint, type EndpointOutput } from '@pipwise/shared';
import { useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api';
import { idempotencyHeaders, useSubmission, type SubmissionHandlers } from '@/lib/use-submission';
import { invalidateAccount } from '@/lib/account-figures';

export type DemoResetOutput = EndpointOutput<typeof resetDemoEndpoint>;

/**
 * GET /v1/api/main/user/resetForexDemoAccount — demo only: every position and order ends
 * and the balance goes back to the starting amount. The server's msg is toasted.
 */
export function resetDemo(key?: string): Promise<DemoResetOutput> {
  return request(
    resetDemoEndpoint,
    {},
    { toastSuccess: true, loading: true, ...(key ? { headers: idempotencyHeaders(key) } : {}) },
  );
}

/** One reset per tap, its confirmation included (lib/use-submission.ts). */
export function useResetDemo({
  confirm,
  onSuccess,
}: Pick<SubmissionHandlers<void, DemoResetOutput>, 'confirm'> & { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useSubmission<void, DemoResetOutput>((_input, key) => resetDemo(key), {
    confirm,
    onSuccess: () => {
      void invalidateAccount(queryClient);
      onSuccess?.();
    },
  });
}
