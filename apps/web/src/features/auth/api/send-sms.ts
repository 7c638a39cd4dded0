import { sendSmsEndpoint, type EndpointInput } from '@pipwise/shared';
import { request } from '@/lib/api';

/** POST /api/notify/send_sms — a 6-digit code by text; the server's "code sent" is shown. */
export function sendSms(input: EndpointInput<typeof sendSmsEndpoint>): Promise<null> {
  return request(sendSmsEndpoint, input, { toastSuccess: true });
}
