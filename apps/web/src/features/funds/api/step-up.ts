import {
  passkeyListEndpoint,
  stepUpPasskeyEndpoint,
  stepUpPasskeyOptionsEndpoint,
  stepUpPasswordEndpoint,
  type StepUpResult,
} from '@pipwise/shared';
import { isApiError, request } from '@/lib/api';
import { answerWithPasskey } from '@/lib/passkey-ceremony';

/*
 * Step-up before a withdrawal (docs/passkeys.md "Step-up before a withdrawal"): the server
 * refuses a withdrawal from a session that has not proved its trader is there for a few
 * minutes; the password or one of the trader's passkeys proves it again.
 */

/** Whether a refusal asks for a step-up (`data.step_up_required` of the envelope). */
export function asksForStepUp(error: unknown): boolean {
  if (!isApiError(error)) return false;
  const data = error.data;
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { step_up_required?: unknown }).step_up_required === true
  );
}

export function stepUpWithPassword(password: string): Promise<StepUpResult> {
  return request(stepUpPasswordEndpoint, { password }, { loading: true });
}

/** Asks the device for one of the trader's own passkeys, then the server to check it. */
export async function stepUpWithPasskey(): Promise<StepUpResult> {
  const { challenge_id, options } = await request(stepUpPasskeyOptionsEndpoint, {});
  const credential = await answerWithPasskey(options);
  return request(stepUpPasskeyEndpoint, { challenge_id, credential }, { loading: true });
}

/** Whether the trader has a passkey to offer (quietly false when the list cannot be read). */
export async function holdsPasskeys(): Promise<boolean> {
  try {
    return (await request(passkeyListEndpoint, {}, { silent: true })).length > 0;
  } catch {
    return false;
  }
}
