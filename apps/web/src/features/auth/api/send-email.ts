import { sendEmailEndpoint, type EndpointInput } from '@pipwise/shared';
import { request } from '@/lib/api';

export type SendCodeInput = EndpointInput<typeof sendEmailEndpoint>;

/** POST /api/notify/send_email — a 6-digit code; the server's "code sent" is shown (docs/product.md §8). */
export function sendEmail(input: SendCodeInput): Promise<null> {
  return request(sendEmailEndpoint, input, { toastSuccess: true });
}
