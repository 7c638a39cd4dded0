import { drawEndpoint, type EndpointInput, type EndpointOutput } from '@pipwise/shared';
import { useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api';
import { idempotencyHeaders, useSubmission } from '@/lib/use-submission';
import { drawKey } from './keys';
import { asksForStepUp } from './step-up';

export type DrawInput = EndpointInput<typeof drawEndpoint>;
export type DrawOutput = EndpointOutput<typeof drawEndpoint>;

/**
 * POST /api/account/draw — a withdrawal: the amount is held until an operator pays or
 * rejects it. The server's msg is toasted (docs/product.md §8). The key makes a repeated
 * request hold the amount once (docs/money.md "Idempotency").
 *
 * A session that has not proved its trader is there for a few minutes is asked to
 * (docs/passkeys.md "Step-up before a withdrawal"): `stepUp` asks the trader, and once they
 * did, the same withdrawal is sent again with the same key.
 */
export async function submitDraw(
  input: DrawInput,
  key: string | undefined,
  stepUp: () => Promise<boolean>,
): Promise<DrawOutput> {
  const send = () =>
    request(drawEndpoint, input, {
      toastSuccess: true,
      loading: true,
      // "Confirm it's you" opens the sheet rather than a toast.
      handles: asksForStepUp,
      ...(key ? { headers: idempotencyHeaders(key) } : {}),
    });
  try {
    return await send();
  } catch (error) {
    if (!asksForStepUp(error) || !(await stepUp())) throw error;
    return send();
  }
}

/** One withdrawal per tap (lib/use-submission.ts), with a step-up when the server asks. */
export function useSubmitDraw({
  onSuccess,
  stepUp,
}: {
  onSuccess?: () => void;
  stepUp: () => Promise<boolean>;
}) {
  const queryClient = useQueryClient();
  return useSubmission<DrawInput, DrawOutput>((input, key) => submitDraw(input, key, stepUp), {
    onSuccess: () => {
      // Withdrawable and the records change; the account figures follow the live push.
      void queryClient.invalidateQueries({ queryKey: drawKey });
      onSuccess?.();
    },
  });
}
