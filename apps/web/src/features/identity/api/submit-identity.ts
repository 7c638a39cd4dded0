import { realNameEndpoint, type EndpointInput, type Identity } from '@pipwise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api';
import { identityKey } from './get-identity';

export type IdentityInput = EndpointInput<typeof realNameEndpoint>;

/** POST /api/user_real/real_name — submits, or after a rejection resubmits, the identity. */
export function submitIdentity(input: IdentityInput): Promise<Identity> {
  return request(realNameEndpoint, input, { toastSuccess: true, loading: true });
}

export function useSubmitIdentity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitIdentity,
    // The answer is the new state (under review): show it without another round trip.
    onSuccess: (identity) => queryClient.setQueryData(identityKey, identity),
  });
}
