import type { Order } from '@pipwise/shared';
import { useMutation } from '@tanstack/react-query';
import { Toast } from 'antd-mobile';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api';
import { createOrderSubmitter, submitErrorText } from '../utils/submit-with-retry';

/**
 * The order form's submit: POST /v1/api/forex/submit with one `Idempotency-Key` per tap,
 * sent again with the same key when the answer is lost (utils/submit-with-retry.ts), so a
 * dropped response never opens a second position. The lists and figures it changes belong
 * to other features, so the page passes what to refresh in `onSuccess`.
 */
export function useSubmitOrder({ onSuccess }: { onSuccess: (order: Order) => void }) {
  const { t } = useTranslation();
  const submit = useMemo(
    () =>
      createOrderSubmitter({
        client: api,
        showError: (error) =>
          Toast.show({
            content: submitErrorText(error, (status) => t('common.network_error', { status })),
          }),
      }),
    [t],
  );
  return useMutation({ mutationFn: submit, onSuccess });
}
