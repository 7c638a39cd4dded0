import { CODE_RESEND_SECONDS } from '@pipwise/shared';
import { useMutation } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { sendEmail, type SendCodeInput } from '../api/send-email';
import { sendSms } from '../api/send-sms';
import { countdownFor } from '../utils/countdown';

export type CodeChannel = 'email' | 'sms';

/**
 * The "get code" button's state (docs/product.md §4): sends by e-mail or text, then counts down
 * CODE_RESEND_SECONDS during which it stays disabled. `scope` names the countdown, so a
 * page left and re-entered within the minute shows the time still left.
 */
export function useSendCode(scope: string) {
  const countdown = countdownFor(scope);
  const remaining = useSyncExternalStore(countdown.subscribe, countdown.remaining, countdown.remaining);
  const mutation = useMutation({
    mutationFn: ({ channel, input }: { channel: CodeChannel; input: SendCodeInput }) =>
      channel === 'email' ? sendEmail(input) : sendSms(input),
    onSuccess: () => countdown.start(CODE_RESEND_SECONDS),
  });
  return {
    remaining,
    sending: mutation.isPending,
    disabled: mutation.isPending || remaining > 0,
    send: (channel: CodeChannel, input: SendCodeInput) => mutation.mutate({ channel, input }),
  };
}
