import { randomBytes } from 'node:crypto';
import { OPERATOR_PASSWORD_RULE } from '@pipwise/shared';
import type { Db } from '../../../core/db/database.js';
import { normalizeEmail } from '../../auth/index.js';
import { hashPassword } from '../../auth/index.js';
import { isUniqueViolation } from '../../../core/db/unique-violation.js';
import { countOperators, insertOperator } from './operator.repository.js';

/** The first operator's e-mail when ADMIN_EMAIL is not set. */
export const DEFAULT_ADMIN_EMAIL = 'admin@pipwise.local';

/** A random password that meets the operators' rule (24 characters of base64url). */
function generatedPassword(): string {
  for (;;) {
    const candidate = randomBytes(18).toString('base64url');
    if (OPERATOR_PASSWORD_RULE.test(candidate)) return candidate;
  }
}

/**
 * First start (docs/api.md "Back office API"): when there is no operator at all, creates an
 * admin from ADMIN_EMAIL / ADMIN_PASSWORD, or with a generated password printed once in
 * the log, so someone can log in to /admin. Returns the e-mail it created, or null.
 * A weak ADMIN_PASSWORD stops the start rather than guard the money with it. Either way
 * the password sits in a log or a configuration file, so the admin must replace it
 * (`must_change_password`) — and turn on two-factor — at the first login.
 */
export async function seedOperatorIfNone(
  db: Db,
  config: { email?: string | undefined; password?: string | undefined },
  log: { info: (obj: object, msg: string) => void },
  now: number,
): Promise<string | null> {
  if ((await countOperators(db)) > 0) return null;
  const email = normalizeEmail(config.email?.trim() || DEFAULT_ADMIN_EMAIL);
  const given = config.password ?? '';
  if (given !== '' && !OPERATOR_PASSWORD_RULE.test(given)) {
    throw new Error('ADMIN_PASSWORD must have 10 to 64 characters with at least one letter and one digit');
  }
  const password = given || generatedPassword();
  try {
    await insertOperator(db, {
      email,
      name: 'Administrator',
      role: 'admin',
      password_hash: await hashPassword(password),
      active: 1,
      totp_secret: null,
      totp_enabled: 0,
      totp_last_step: null,
      must_change_password: 1,
      created_at: now,
      last_login_at: null,
    });
  } catch (err) {
    // Another instance starting at the same time created it first.
    if (isUniqueViolation(err)) return null;
    throw err;
  }
  if (given)
    log.info(
      { email },
      `back office: first operator ${email} created with ADMIN_PASSWORD (the first login at /admin asks for a new password and two-factor set-up)`,
    );
  else
    log.info(
      { email },
      `back office: first operator ${email} created with the generated password ${password} (shown only this once: the first login at /admin asks for a new password and two-factor set-up)`,
    );
  return email;
}
