import {
  cardSubmitEndpoint,
  chargeSubmitEndpoint,
  wireSubmitEndpoint,
  type ChargeRecord,
  type EndpointInput,
} from '@pipwise/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { request } from '@/lib/api';
import { idempotencyHeaders } from '@/lib/use-submission';
import { chargeRecordsKey } from './get-charge-records';

export type CoinChargeInput = EndpointInput<typeof chargeSubmitEndpoint>;
export type WireChargeInput = EndpointInput<typeof wireSubmitEndpoint>;
export type CardChargeInput = EndpointInput<typeof cardSubmitEndpoint>;

export type ChargeSubmission =
  | { kind: 'coin'; input: CoinChargeInput }
  | { kind: 'wire'; input: WireChargeInput }
  | { kind: 'card'; input: CardChargeInput };

/**
 * POST /api/quickCharge/submit, /wire_submit or /card_submit — a deposit with its proof; it
 * waits, unchecked, for an operator. The server's msg is toasted (docs/product.md §8). The
 * key makes a repeated declaration one deposit (docs/money.md "Idempotency").
 */
export function submitCharge(submission: ChargeSubmission, key?: string): Promise<ChargeRecord> {
  const options = {
    toastSuccess: true,
    loading: true,
    ...(key ? { headers: idempotencyHeaders(key) } : {}),
  } as const;
  switch (submission.kind) {
    case 'coin':
      return request(chargeSubmitEndpoint, submission.input, options);
    case 'wire':
      return request(wireSubmitEndpoint, submission.input, options);
    case 'card':
      return request(cardSubmitEndpoint, submission.input, options);
  }
}

/**
 * Sends one deposit declaration with its submission's key and refreshes the history after
 * it. The deposit form puts it behind its submission gate (components/deposit-fields.tsx).
 */
export function useSubmitCharge(): (submission: ChargeSubmission, key: string) => Promise<ChargeRecord> {
  const queryClient = useQueryClient();
  return useCallback(
    async (submission, key) => {
      const record = await submitCharge(submission, key);
      void queryClient.invalidateQueries({ queryKey: chargeRecordsKey });
      return record;
    },
    [queryClient],
  );
}
