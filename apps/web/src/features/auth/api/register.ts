import { registerEndpoint, type EndpointInput, type EndpointOutput } from '@pipwise/shared';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/api';

export type RegisterInput = EndpointInput<typeof registerEndpoint>;

/** POST /api/user/register — the server's "registration complete" is shown on success. */
export function register(input: RegisterInput): Promise<EndpointOutput<typeof registerEndpoint>> {
  return request(registerEndpoint, input, { loading: true, toastSuccess: true });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
