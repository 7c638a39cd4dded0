import { delDrawMethodEndpoint } from '@pipwise/shared';
import { useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api';
import { idempotencyHeaders, useSubmission, type SubmissionHandlers } from '@/lib/use-submission';
import { methodsKey } from './keys';

/** POST /api/wallet/del_draw_method — refused while a pending withdrawal pays to it. */
export function delDrawMethod(id: number, key?: string): Promise<null> {
  return request(
    delDrawMethodEndpoint,
    { id },
    { toastSuccess: true, loading: true, ...(key ? { headers: idempotencyHeaders(key) } : {}) },
  );
}

/** One removal per tap, its confirmation included (lib/use-submission.ts). */
export function useDelDrawMethod(handlers: Pick<SubmissionHandlers<number, null>, 'confirm'> = {}) {
  const queryClient = useQueryClient();
  return useSubmission<number, null>(delDrawMethod, {
    confirm: handlers.confirm,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: methodsKey }),
  });
}
