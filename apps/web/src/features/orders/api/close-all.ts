import { closeAllEndpoint, type CloseAllResult } from '@pipwise/shared';
import { useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api';
import { idempotencyHeaders, useSubmission, type SubmissionHandlers } from '@/lib/use-submission';
import { invalidateOrders } from './get-my-deal';

/** Which positions a close-all takes: all, or those of one instrument. */
export interface CloseAllInput {
  forex_id?: number;
}

/**
 * POST /v1/api/forex/close_all — closes every open position, or one instrument's, at market;
 * answers what it closed, the profit booked and what stayed open and why (docs/money.md
 * "Partial close and close all"). The app shows its own summary, so the message is not toasted.
 */
export function closeAll(input: CloseAllInput, key?: string): Promise<CloseAllResult> {
  return request(closeAllEndpoint, input, {
    loading: true,
    ...(key ? { headers: idempotencyHeaders(key) } : {}),
  });
}

/** One close-all per tap, its confirmation included (lib/use-submission.ts). */
export function useCloseAll(
  handlers: Pick<SubmissionHandlers<CloseAllInput, CloseAllResult>, 'confirm' | 'onSuccess'> = {},
) {
  const queryClient = useQueryClient();
  return useSubmission<CloseAllInput, CloseAllResult>(closeAll, {
    confirm: handlers.confirm,
    onSuccess: (result, input) => {
      void invalidateOrders(queryClient);
      return handlers.onSuccess?.(result, input);
    },
  });
}
