import { drawEndpoint, type EndpointInput, type EndpointOutput } from '@pipwise/shared';
import { useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api';
import { idempotencyHeaders, useSubmission } from '@/lib/use-submission';
import { drawKey } from './keys';

export type DrawInput = EndpointInput<typeof drawEndpoint>;
export type DrawOutput = EndpointOutput<typeof drawEndpoint>;

/**
 * POST /api/account/draw — a withdrawal: the amount is held until an operator pays or
 * rejects it. The server's msg is toasted (docs/product.md §8). The key makes a repeated
 * request hold the amount once (docs/money.md "Idempotency").
 */
export function submitDraw(input: DrawInput, key?: string): Promise<DrawOutput> {
  return request(drawEndpoint, input, {
    toastSuccess: true,
    loading: true,
    ...(key ? { headers: idempotencyHeaders(key) } : {}),
  });
}

/** One withdrawal per tap (lib/use-submission.ts). */
export function useSubmitDraw({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useSubmission<DrawInput, DrawOutput>(submitDraw, {
    onSuccess: () => {
      // Withdrawable and the records change; the account figures follow the live push.
      void queryClient.invalidateQueries({ queryKey: drawKey });
      onSuccess?.();
    },
  });
}
