import { bindDrawMethodEndpoint, type DrawMethod, type EndpointInput } from '@pipwise/shared';
import { useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api';
import { idempotencyHeaders, useSubmission } from '@/lib/use-submission';
import { methodsKey } from './keys';

export type BindInput = EndpointInput<typeof bindDrawMethodEndpoint>;

/** POST /api/wallet/bind_draw_method — a coin address (type 1) or bank account (2). */
export function bindDrawMethod(input: BindInput, key?: string): Promise<DrawMethod> {
  return request(bindDrawMethodEndpoint, input, {
    toastSuccess: true,
    loading: true,
    ...(key ? { headers: idempotencyHeaders(key) } : {}),
  });
}

/** One binding per tap (lib/use-submission.ts). */
export function useBindDrawMethod({ onSuccess }: { onSuccess?: (method: DrawMethod) => void } = {}) {
  const queryClient = useQueryClient();
  return useSubmission<BindInput, DrawMethod>(bindDrawMethod, {
    onSuccess: (method) => {
      void queryClient.invalidateQueries({ queryKey: methodsKey });
      onSuccess?.(method);
    },
  });
}
