import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import type { AuthenticationCredential } from '@pipwise/shared';
import type { TFunction } from 'i18next';
import { isApiError } from '@/lib/api';

/*
 * The device's side of a passkey (docs/passkeys.md): @simplewebauthn/browser turns the
 * server's options into navigator.credentials calls and their answers into JSON. It is
 * loaded when a passkey is used, never with the login page's first bytes.
 */

/** Whether this browser can make and use passkeys at all. */
export function browserHasPasskeys(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

/** navigator.credentials.create() for the server's registration options. */
export async function createPasskey(options: Record<string, unknown>) {
  const { startRegistration } = await import('@simplewebauthn/browser');
  return startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON });
}

/** navigator.credentials.get() for the server's sign-in or step-up options. */
export async function answerWithPasskey(options: Record<string, unknown>): Promise<AuthenticationCredential> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  // The library's JSON, typed loosely (extension results); the server checks its shape.
  return (await startAuthentication({
    optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
  })) as AuthenticationCredential;
}

/**
 * What to tell the trader when a passkey step failed on the device. The server's refusals
 * were already shown (the API client toasts them): undefined for those.
 */
export function passkeyProblem(error: unknown, t: TFunction): string | undefined {
  if (isApiError(error)) return undefined;
  const name = error instanceof Error ? error.name : '';
  // The trader closed the prompt, or it timed out: nothing went wrong.
  if (name === 'NotAllowedError' || name === 'AbortError') return t('passkey.cancelled');
  // This device already holds one of the trader's passkeys (the server's exclude list).
  if (name === 'InvalidStateError') return t('errors.passkey_exists');
  return t('errors.passkey_not_verified');
}
