import { delDrawMethodEndpoint } from '@pipwise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api';
import { methodsKey } from './keys';

/** POST /api/wallet/del_draw_method — refused while a pending withdrawal pays to it. */
export function delDrawMethod(id: number): Promise<null> {
  return request(delDrawMethodEndpoint, { id }, { toastSuccess: true, loading: true });
}

export function useDelDrawMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: delDrawMethod,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: methodsKey }),
  });
}
