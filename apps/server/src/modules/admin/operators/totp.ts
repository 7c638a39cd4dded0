import { generateSecret, generateURI, verify } from 'otplib';

/**
 * TOTP two-factor with otplib (RFC 6238: 6 digits, 30-second steps, SHA-1, as every
 * authenticator app expects). Secrets are 20 random bytes (otplib refuses fewer than 16).
 */

const SECRET_BYTES = 20;
const PERIOD_SECONDS = 30;
const ISSUER = 'Pipwise';

export function newTotpSecret(): string {
  return generateSecret({ length: SECRET_BYTES });
}

/** The otpauth:// URL an authenticator app reads from a QR code. */
export function totpUrl(secret: string, email: string): string {
  return generateURI({ issuer: ISSUER, label: email, secret });
}

/**
 * The time step of a valid code, or null. A code of the current step or the one before
 * is accepted (a code typed as it turns over); not a future one. A step at or before
 * `afterStep` (the last code accepted) is refused, so a code works once.
 */
export async function checkTotp(
  secret: string,
  code: string,
  nowMs: number,
  afterStep: number | null,
): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const epoch = Math.floor(nowMs / 1000);
  const currentStep = Math.floor(epoch / PERIOD_SECONDS);
  // otplib throws for a bound beyond the window: such a code cannot be accepted anyway.
  if (afterStep !== null && afterStep >= currentStep) return null;
  const result = await verify({
    secret,
    token: code,
    epoch,
    epochTolerance: [PERIOD_SECONDS, 0],
    ...(afterStep !== null ? { afterTimeStep: afterStep } : {}),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}
