import { z } from 'zod';
import { LoginResultSchema } from './auth.js';
import { defineEndpoint } from './endpoint.js';
import { idField, requiredText } from './fields.js';

/*
 * Passkeys (docs/passkeys.md): WebAuthn credentials a real-money trader registers after a
 * password login and signs in with. The server hands out a challenge with its options and
 * checks the browser's answer (origin, RP ID, challenge, counter) with @simplewebauthn/server.
 */

/** The longest passkey name, in characters. */
export const PASSKEY_NAME_MAX = 40;
/** How many passkeys one trader may keep. */
export const MAX_PASSKEYS = 10;

/** A base64url string (WebAuthn's JSON encoding of bytes) of at most `max` characters. */
const base64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/);

/** What the client sends back with its answer: which challenge it answers. */
export const challengeIdField = z
  .string()
  .length(22)
  .regex(/^[A-Za-z0-9_-]+$/);

const TRANSPORTS = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'] as const;

/** Fields every browser answer has: the credential's id, twice, and its type. */
const credentialBase = {
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  // Extension outputs are not used; an object of a bounded size is accepted and ignored.
  clientExtensionResults: z.record(z.string().max(64), z.unknown()).refine((o) => Object.keys(o).length <= 8),
};

/** navigator.credentials.create()'s answer, as @simplewebauthn/browser serialises it. */
export const RegistrationCredentialSchema = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: base64url(4000),
    attestationObject: base64url(12_000),
    authenticatorData: base64url(4000).optional(),
    transports: z.array(z.enum(TRANSPORTS)).max(TRANSPORTS.length).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(2000).optional(),
  }),
});

/** navigator.credentials.get()'s answer, as @simplewebauthn/browser serialises it. */
export const AuthenticationCredentialSchema = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: base64url(4000),
    authenticatorData: base64url(4000),
    signature: base64url(1000),
    userHandle: base64url(200).optional(),
  }),
});

/** A signed answer as the browser sends it. */
export type AuthenticationCredential = z.input<typeof AuthenticationCredentialSchema>;

/** Options for the browser (WebAuthn's JSON form), and the id of their challenge. */
export const PasskeyChallengeSchema = z.object({
  challenge_id: z.string(),
  options: z.record(z.string(), z.unknown()),
});

export const PasskeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: z.number().int(),
  /** When it last signed the trader in; null: never yet. */
  last_used_at: z.number().int().nullable(),
});
export type Passkey = z.infer<typeof PasskeySchema>;

/** POST /v1/api/passkey/register_options — a challenge to create a passkey with (real accounts). */
export const passkeyRegisterOptionsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/v1/api/passkey/register_options',
  input: z.object({}),
  output: PasskeyChallengeSchema,
  auth: true,
  realOnly: true,
});

/** POST /v1/api/passkey/register — the browser's new credential, kept under `name`. */
export const passkeyRegisterEndpoint = defineEndpoint({
  method: 'POST',
  path: '/v1/api/passkey/register',
  input: z.object({
    challenge_id: challengeIdField,
    name: requiredText(PASSKEY_NAME_MAX),
    credential: RegistrationCredentialSchema,
  }),
  output: PasskeySchema,
  auth: true,
  realOnly: true,
});

/** GET /v1/api/passkey/list — the caller's passkeys, newest first. */
export const passkeyListEndpoint = defineEndpoint({
  method: 'GET',
  path: '/v1/api/passkey/list',
  input: z.object({}),
  output: z.array(PasskeySchema),
  auth: true,
  realOnly: true,
});

/** POST /v1/api/passkey/remove — forgets one of the caller's passkeys. */
export const passkeyRemoveEndpoint = defineEndpoint({
  method: 'POST',
  path: '/v1/api/passkey/remove',
  input: z.object({ id: idField }),
  output: z.object({}),
  auth: true,
  realOnly: true,
});

/** POST /v1/api/passkey/login_options — a challenge to sign in with any passkey of this site. */
export const passkeyLoginOptionsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/v1/api/passkey/login_options',
  input: z.object({}),
  output: PasskeyChallengeSchema,
  auth: false,
});

/** POST /v1/api/passkey/login — the browser's signed answer; a session as a password login gives. */
export const passkeyLoginEndpoint = defineEndpoint({
  method: 'POST',
  path: '/v1/api/passkey/login',
  input: z.object({ challenge_id: challengeIdField, credential: AuthenticationCredentialSchema }),
  output: LoginResultSchema,
  auth: false,
});
