import { amendPasswordEndpoint, type EndpointInput } from '@pipwise/shared';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/api';

export type AmendPasswordInput = EndpointInput<typeof amendPasswordEndpoint>;

/** POST /api/user/amend_password — a real user's new password, proven by a code of purpose 3. */
export function amendPassword(input: AmendPasswordInput): Promise<null> {
  return request(amendPasswordEndpoint, input, { loading: true, toastSuccess: true });
}

export function useAmendPassword() {
  return useMutation({ mutationFn: amendPassword });
}
