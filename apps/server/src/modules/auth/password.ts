import { hash, verify } from '@node-rs/argon2';
import { PASSWORD_RULE } from '@pipwise/shared';
import { AppError } from '../../core/app-error.js';

/** OWASP's argon2id baseline: 19 MiB of memory, 2 passes, 1 lane. */
const ARGON2_OPTIONS = {
  // 2 is Algorithm.Argon2id (a const enum, which isolated modules cannot read).
  algorithm: 2 as const,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash (e.g. a demo user's placeholder) never matches.
    return false;
  }
}

/** A hash that exists only so that timing does not tell whether an account exists. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('pipwise-timing-equaliser-1');
  return dummyHash;
}

/** Throws the translated rule when a new password is weak or the repeat differs. */
export function assertNewPassword(password: string, repeat: string | undefined): void {
  if (repeat !== undefined && password !== repeat) throw AppError.rule('errors.password_mismatch');
  if (!PASSWORD_RULE.test(password)) throw AppError.rule('errors.weak_password');
}
