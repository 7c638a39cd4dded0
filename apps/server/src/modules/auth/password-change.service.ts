import { CodePurpose } from '@pipwise/shared';
import type { Db } from '../../core/db/database.js';
import { AppError } from '../../core/app-error.js';
import type { CodeService } from './code.service.js';
import { resolveIdentity } from './identifiers.js';
import { assertNewPassword, hashPassword } from './password.js';
import type { SessionService } from './session.service.js';
import { LIMITS, type Throttle } from './throttle.js';
import * as users from './user.repository.js';

/** Forgotten-password resets and changes by a logged-in user, both proven by a code. */
export class PasswordChangeService {
  constructor(
    private readonly db: Db,
    private readonly codes: CodeService,
    private readonly sessions: SessionService,
    private readonly throttle: Throttle,
  ) {}

  /** Resets with a purpose-2 code and ends every session of the account. */
  async reset(input: {
    type: 1 | 2;
    account: string;
    area_id?: number | undefined;
    new_password: string;
    secondary_password: string;
    auth_code: string;
  }): Promise<void> {
    assertNewPassword(input.new_password, input.secondary_password);
    const identity = resolveIdentity(input.type, input.account, input.area_id);
    // No code is ever sent for an unknown account, so this fails as a wrong code would.
    await this.codes.consume(identity.target, CodePurpose.ResetPassword, input.auth_code);
    const user =
      identity.kind === 'email'
        ? await users.findUserByEmail(this.db, identity.email)
        : await users.findUserByMobile(this.db, identity.areaCode, identity.national);
    if (!user || user.is_demo === 1) throw AppError.rule('errors.code_invalid');
    const passwordHash = await hashPassword(input.new_password);
    const ended = await this.db.transaction().execute(async (trx) => {
      await users.setPasswordHash(trx, Number(user.id), passwordHash);
      return this.sessions.endUserSessions(trx, Number(user.id));
    });
    // Committed: the user's open sockets are logged out now (docs/api.md "Live socket").
    this.sessions.announce(ended);
    // The owner proved control of the address: the account no longer needs the captcha.
    await this.throttle.clear(LIMITS.loginAccount, identity.target);
  }

  /** Changes the password of the caller, proven by a purpose-3 code sent to their own e-mail or phone. */
  async amend(
    userId: number,
    currentSessionId: number,
    input: { type: 1 | 2; new_password: string; secondary_password?: string | undefined; auth_code: string },
  ): Promise<void> {
    assertNewPassword(input.new_password, input.secondary_password);
    const user = await users.findUserById(this.db, userId);
    if (!user) throw AppError.sessionExpired();
    const target =
      input.type === 1
        ? user.email
        : user.area_code && user.mobile
          ? `${user.area_code}${user.mobile}`
          : null;
    if (!target) throw AppError.rule(input.type === 1 ? 'errors.email_invalid' : 'errors.mobile_invalid');
    await this.codes.consume(target, CodePurpose.ChangePassword, input.auth_code);
    const passwordHash = await hashPassword(input.new_password);
    const ended = await this.db.transaction().execute(async (trx) => {
      await users.setPasswordHash(trx, userId, passwordHash);
      // Other devices must log in with the new password; this one stays logged in.
      return this.sessions.endUserSessions(trx, userId, currentSessionId);
    });
    this.sessions.announce(ended);
  }
}
