import { randomBytes, randomInt } from 'node:crypto';

/** A public 8-digit user id that does not start with 0. */
export function newUid(): string {
  return String(randomInt(10_000_000, 100_000_000));
}

const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A 6-character invite code without look-alike characters (no 0/O, 1/I). */
export function newInviteCode(): string {
  const bytes = randomBytes(6);
  return Array.from(bytes, (b) => INVITE_ALPHABET[b % INVITE_ALPHABET.length]).join('');
}

/** A demo device id, returned to the device so it gets the same demo account back. */
export function newDemoId(): string {
  return randomBytes(16).toString('hex');
}
