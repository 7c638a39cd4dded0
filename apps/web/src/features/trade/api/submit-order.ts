import { submitOrderEndpoint, type EndpointInput, type Order } from '@pipwise/shared';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/api';
import { newIdempotencyKey } from '../utils/idempotency-key';

export type SubmitOrderInput = EndpointInput<typeof submitOrderEndpoint>;

/**
 * POST /v1/api/forex/submit. Each tap sends a fresh `Idempotency-Key`: should the answer
 * be lost and the same request retried, the server still opens a single position.
 */
export function submitOrder(input: SubmitOrderInput, idempotencyKey: string): Promise<Order> {
  return request(submitOrderEndpoint, input, {
    headers: { 'Idempotency-Key': idempotencyKey },
    loading: true,
  });
}

/**
 * The order form's submit. The lists and figures it changes belong to other features, so
 * the page passes what to refresh in `onSuccess`.
 */
export function useSubmitOrder({ onSuccess }: { onSuccess: (order: Order) => void }) {
  return useMutation({
    mutationFn: (input: SubmitOrderInput) => submitOrder(input, newIdempotencyKey()),
    onSuccess,
  });
}
