import {
  cardSubmitEndpoint,
  chargeSubmitEndpoint,
  wireSubmitEndpoint,
  type ChargeRecord,
  type EndpointInput,
} from '@pipwise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api';
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
 * waits, unchecked, for an operator. The server's msg is toasted (docs/product.md §8).
 */
export function submitCharge(submission: ChargeSubmission): Promise<ChargeRecord> {
  const options = { toastSuccess: true, loading: true } as const;
  switch (submission.kind) {
    case 'coin':
      return request(chargeSubmitEndpoint, submission.input, options);
    case 'wire':
      return request(wireSubmitEndpoint, submission.input, options);
    case 'card':
      return request(cardSubmitEndpoint, submission.input, options);
  }
}

export function useSubmitCharge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitCharge,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chargeRecordsKey }),
  });
}
