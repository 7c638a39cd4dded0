import { drawEndpoint, type EndpointInput, type EndpointOutput } from '@pipwise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api';
import { drawKey } from './keys';

export type DrawInput = EndpointInput<typeof drawEndpoint>;

/**
 * POST /api/account/draw — a withdrawal: the amount is held until an operator pays or
 * rejects it. The server's msg is toasted (docs/product.md §8).
 */
export function submitDraw(input: DrawInput): Promise<EndpointOutput<typeof drawEndpoint>> {
  return request(drawEndpoint, input, { toastSuccess: true, loading: true });
}

export function useSubmitDraw({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitDraw,
    onSuccess: () => {
      // Withdrawable and the records change; the account figures are the page's business.
      void queryClient.invalidateQueries({ queryKey: drawKey });
      onSuccess?.();
    },
  });
}
