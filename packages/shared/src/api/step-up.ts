import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { AuthenticationCredentialSchema, challengeIdField, PasskeyChallengeSchema } from './passkeys.js';

/*
 * Step-up (docs/passkeys.md "Step-up before a withdrawal"): money leaves an account only
 * from a session that proved, within the last few minutes, that the trader is at the
 * phone — by signing in, or by the password or a passkey asked for again.
 */

/** How long a proof (a sign-in or a step-up) lets the session withdraw. */
export const STEP_UP_WINDOW_MS = 5 * 60_000;

/** What a step-up gives: until when (epoch ms) the session may withdraw without asking again. */
const StepUpResultSchema = z.object({ verified_until: z.number().int() });
export type StepUpResult = z.infer<typeof StepUpResultSchema>;

/** POST /v1/api/step_up/password — the caller's password, asked again. */
export const stepUpPasswordEndpoint = defineEndpoint({
  method: 'POST',
  path: '/v1/api/step_up/password',
  input: z.object({ password: z.string().min(1).max(128) }),
  output: StepUpResultSchema,
  auth: true,
  realOnly: true,
});

/** POST /v1/api/step_up/passkey_options — a challenge only the caller's own passkeys can answer. */
export const stepUpPasskeyOptionsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/v1/api/step_up/passkey_options',
  input: z.object({}),
  output: PasskeyChallengeSchema,
  auth: true,
  realOnly: true,
});

/** POST /v1/api/step_up/passkey — the browser's signed answer to that challenge. */
export const stepUpPasskeyEndpoint = defineEndpoint({
  method: 'POST',
  path: '/v1/api/step_up/passkey',
  input: z.object({ challenge_id: challengeIdField, credential: AuthenticationCredentialSchema }),
  output: StepUpResultSchema,
  auth: true,
  realOnly: true,
});
