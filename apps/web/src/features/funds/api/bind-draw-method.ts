import { bindDrawMethodEndpoint, type DrawMethod, type EndpointInput } from '@pipwise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api';
import { methodsKey } from './keys';

export type BindInput = EndpointInput<typeof bindDrawMethodEndpoint>;

/** POST /api/wallet/bind_draw_method — a coin address (type 1) or bank account (2). */
export function bindDrawMethod(input: BindInput): Promise<DrawMethod> {
  return request(bindDrawMethodEndpoint, input, { toastSuccess: true, loading: true });
}

export function useBindDrawMethod({ onSuccess }: { onSuccess?: (method: DrawMethod) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bindDrawMethod,
    onSuccess: (method) => {
      void queryClient.invalidateQueries({ queryKey: methodsKey });
      onSuccess?.(method);
    },
  });
}
