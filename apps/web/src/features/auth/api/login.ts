import { loginEndpoint, type EndpointInput, type LoginResult } from '@pipwise/shared';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/api';

export type LoginInput = EndpointInput<typeof loginEndpoint>;

/** POST /api/user/loginForU — e-mail (login_type 1) or phone with area (2) and password. */
export function login(input: LoginInput): Promise<LoginResult> {
  return request(loginEndpoint, input, { loading: true });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
