import { forgetPasswordEndpoint, type EndpointInput } from '@pipwise/shared';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/api';

export type ForgetPasswordInput = EndpointInput<typeof forgetPasswordEndpoint>;

/** POST /api/user/forget_password — reset with a code of purpose 2. */
export function forgetPassword(input: ForgetPasswordInput): Promise<null> {
  return request(forgetPasswordEndpoint, input, { loading: true, toastSuccess: true });
}

export function useForgetPassword() {
  return useMutation({ mutationFn: forgetPassword });
}
