import type { Order } from '@pipwise/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Toast } from 'antd-mobile';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { api, isApiError } from '@/lib/api';
import { tradingConditionsKey } from '@/lib/trading-conditions';
import { useSubmission } from '@/lib/use-submission';
import { createOrderSubmitter, submitErrorText, type SubmitOrderInput } from '../utils/submit-with-retry';

/**
 * The order form's submit: POST /v1/api/forex/submit behind the submission gate
 * (lib/use-submission.ts): one order per tap however the tap comes (a double click, a
 * double tap, Enter twice), one `Idempotency-Key` per submission, sent again with the same
 * key when the answer is lost (utils/submit-with-retry.ts) — and kept when the trader
 * sends the same order again after every attempt was lost —, so a dropped response never
 * opens a second position. The lists and figures it changes belong to other features, so
 * the page passes what to refresh in `onSuccess`.
 *
 * A refusal may come from terms the ticket has not seen yet (an operator changed the
 * account's group: its leverage choices, cap or commission, docs/trading-groups.md), so the
 * cached conditions are read again and the ticket shows what the server now applies.
 */
export function useSubmitOrder({ onSuccess }: { onSuccess: (order: Order) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const send = useMemo(
    () =>
      createOrderSubmitter({
        client: api,
        showError: (error) => {
          if (isApiError(error) && error.kind === 'business')
            void queryClient.invalidateQueries({ queryKey: tradingConditionsKey });
          Toast.show({
            content: submitErrorText(error, (status) => t('common.network_error', { status })),
          });
        },
      }),
    [t, queryClient],
  );
  return useSubmission<SubmitOrderInput, Order>(send, { onSuccess });
}
