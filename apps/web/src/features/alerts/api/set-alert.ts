import {
  setAlertEndpoint,
  type AlertDirection,
  type MoveDirection,
  type MoveWindow,
  type PriceAlert,
} from '@pipwise/shared';
import { useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api';
import { idempotencyHeaders, useSubmission, type SubmissionHandlers } from '@/lib/use-submission';
import { invalidateAlerts } from './keys';

export type AlertInput =
  | {
      /** An alert of the trader's to move (and arm again when it fired). */
      id?: number;
      kind?: 'price';
      forex_id: number;
      direction: AlertDirection;
      /** Plain decimal text at most the pair's decimals. */
      price: string;
    }
  | {
      id?: number;
      kind: 'move';
      forex_id: number;
      direction: MoveDirection;
      window: MoveWindow;
      /** Plain decimal text, 0.01–50 with at most 2 decimals. */
      percent: string;
    };

/**
 * POST /v1/api/alerts/set — the server's "Alert saved" is toasted; a price on the wrong
 * side of the bid, too far from it, or one alert too many is refused with its reason
 * (toasted by the api client, as every form's refusal is). `key` is the submission's
 * `Idempotency-Key`: a save retried after a lost answer sets the alert once.
 */
export function setAlert(input: AlertInput, key?: string): Promise<PriceAlert> {
  return request(setAlertEndpoint, input, {
    toastSuccess: true,
    ...(key ? { headers: idempotencyHeaders(key) } : {}),
  });
}

/** One save per tap (a double tap sets one alert, not two). */
export function useSetAlert(handlers: Pick<SubmissionHandlers<AlertInput, PriceAlert>, 'onSuccess'> = {}) {
  const queryClient = useQueryClient();
  return useSubmission<AlertInput, PriceAlert>(setAlert, {
    onSuccess: async (alert, input) => {
      await invalidateAlerts(queryClient);
      await handlers.onSuccess?.(alert, input);
    },
  });
}
