import { OPERATOR_PASSWORD_RULE, type OperatorProfile } from '@pipwise/shared';
import type { Db } from '../../../core/db/database.js';
import { AppError } from '../../../core/app-error.js';
import type { CaptchaService } from '../../auth/index.js';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../auth/index.js';
import { LoginAttempt, type Limit, type LoginLimits, type Throttle } from '../../auth/index.js';
import type { SettingsService } from '../../../core/settings/settings.service.js';
import type { AuditScope } from '../../../core/audit/audit.js';
import { toProfile } from './operator.dto.js';
import * as repo from './operator.repository.js';
import type { OperatorRow } from './operator.repository.js';
import { totpRequired, type OperatorPrincipal, type OperatorSessions } from './operator-sessions.js';
import { checkTotp, newTotpSecret, totpUrl } from './totp.js';

/**
 * Operators' login limits: the same shape as traders' (docs/api.md "Accounts and access"),
 * in buckets of their own. Failures lock out the source, never the operator; the operator's
 * own count only brings in the image code.
 */
export const OPERATOR_LIMITS = {
  loginIp: { bucket: 'admin_login_ip', max: 20, windowMs: 15 * 60_000 },
  loginAccountIp: { bucket: 'admin_login_account_ip', max: 10, windowMs: 15 * 60_000 },
  loginAccount: { bucket: 'admin_login_account', max: 5, windowMs: 15 * 60_000 },
} satisfies Record<string, Limit>;

const OPERATOR_LOGIN: LoginLimits = {
  ip: OPERATOR_LIMITS.loginIp,
  accountIp: OPERATOR_LIMITS.loginAccountIp,
  account: OPERATOR_LIMITS.loginAccount,
};

const CAPTCHA_REQUIRED = { captcha_required: true };
const TOTP_REQUIRED = { totp_required: true };

export interface OperatorLoginInput {
  email: string;
  password: string;
  totp_code?: string | undefined;
  key?: string | undefined;
  captcha?: string | undefined;
}

export interface OperatorAuthDeps {
  db: Db;
  sessions: OperatorSessions;
  throttle: Throttle;
  captchas: CaptchaService;
  settings: SettingsService;
  now: () => number;
}

/** Throws unless a new operator password follows the rule (10–64, a letter and a digit). */
export function assertOperatorPassword(password: string, field = 'password'): void {
  if (!OPERATOR_PASSWORD_RULE.test(password)) throw AppError.rule('errors.admin_weak_password', { field });
}

/**
 * An operator's own access: login (with the image code and lockouts of trader logins, and
 * the authenticator code once two-factor is on), logout, password, two-factor set-up.
 */
export class OperatorAuthService {
  constructor(private readonly deps: OperatorAuthDeps) {}

  /**
   * The failure never tells whether the operator exists or is deactivated: a password is
   * checked either way (against a dummy hash), and each failure counts against the source.
   * Only after the right password does the answer ask for the authenticator code.
   */
  async login(input: OperatorLoginInput, ip: string): Promise<{ token: string; operator: OperatorProfile }> {
    const { throttle } = this.deps;
    const email = input.email.trim().toLowerCase();
    const attempt = await LoginAttempt.begin(throttle, OPERATOR_LOGIN, {
      ip,
      pair: `${email} ${ip}`,
      account: email,
    });
    if (attempt.captchaNeeded) await this.checkCaptcha(input, ip, attempt);

    const row = await repo.findOperatorByEmail(this.deps.db, email);
    const usable = row !== undefined && row.active === 1;
    const passwordOk = await verifyPassword(
      usable ? row.password_hash : await dummyPasswordHash(),
      input.password,
    );
    if (!usable || !passwordOk) {
      const failed = AppError.rule('errors.login_failed');
      throw (await attempt.failed()) ? failed.withData(CAPTCHA_REQUIRED) : failed;
    }
    let step: number | null = null;
    if (row.totp_enabled === 1) {
      if (!input.totp_code) {
        // The right password, the code still to come: not a guess.
        await attempt.withdraw();
        throw AppError.rule('errors.admin_totp_code_required').withData(TOTP_REQUIRED);
      }
      step = await this.codeStep(row, input.totp_code);
      // A wrong code counts like a wrong password.
      if (step === null) throw AppError.rule('errors.admin_totp_invalid').withData(TOTP_REQUIRED);
    }
    await attempt.succeeded();
    const operatorId = Number(row.id);
    const { token, after } = await this.deps.db.transaction().execute(async (trx) => {
      // A code is good once: a second login racing with the same one is refused here.
      if (step !== null && !(await repo.takeTotpStep(trx, operatorId, step)))
        throw AppError.rule('errors.admin_totp_invalid').withData(TOTP_REQUIRED);
      const opened = await this.deps.sessions.create(operatorId, ip, trx);
      const updated = await repo.updateOperator(trx, operatorId, { last_login_at: this.deps.now() });
      return { token: opened, after: updated ?? row };
    });
    return { token, operator: await this.profileOf(after) };
  }

  async profile(principal: OperatorPrincipal): Promise<OperatorProfile> {
    return this.profileOf(await this.current(principal));
  }

  async logout(principal: OperatorPrincipal, audit: AuditScope): Promise<void> {
    await this.deps.db.transaction().execute(async (trx) => {
      if (!(await this.deps.sessions.revoke(trx, principal.sessionId))) throw AppError.sessionExpired();
      await audit.write(trx, {
        action: 'auth.logout',
        objectType: 'operator',
        objectId: principal.operatorId,
        before: { session: principal.sessionId },
        after: null,
      });
    });
  }

  /**
   * Changes the caller's password; their other sessions end. A password they were given
   * (first start, an admin) is theirs no more: `must_change_password` is cleared.
   */
  async changePassword(
    principal: OperatorPrincipal,
    input: { old_password: string; new_password: string },
    audit: AuditScope,
  ): Promise<void> {
    const row = await this.current(principal);
    if (!(await verifyPassword(row.password_hash, input.old_password)))
      throw AppError.rule('errors.admin_password_wrong', { field: 'old_password' });
    assertOperatorPassword(input.new_password, 'new_password');
    if (input.new_password === input.old_password)
      throw AppError.rule('errors.admin_password_same', { field: 'new_password' });
    const passwordHash = await hashPassword(input.new_password);
    await this.deps.db.transaction().execute(async (trx) => {
      await repo.updateOperator(trx, principal.operatorId, {
        password_hash: passwordHash,
        must_change_password: 0,
      });
      const ended = await this.deps.sessions.endAll(trx, principal.operatorId, principal.sessionId);
      await audit.write(trx, {
        action: 'auth.change_password',
        objectType: 'operator',
        objectId: principal.operatorId,
        before: { must_change_password: Number(row.must_change_password) },
        after: { must_change_password: 0, other_sessions_ended: ended },
      });
    });
  }

  /** A new secret for the authenticator app; login is unchanged until `enableTotp`. */
  async setupTotp(
    principal: OperatorPrincipal,
    password: string,
    audit: AuditScope,
  ): Promise<{ secret: string; otpauth_url: string }> {
    const row = await this.current(principal);
    if (row.totp_enabled === 1) throw AppError.rule('errors.admin_totp_already_on');
    if (!(await verifyPassword(row.password_hash, password)))
      throw AppError.rule('errors.admin_password_wrong', { field: 'password' });
    const secret = newTotpSecret();
    await this.deps.db.transaction().execute(async (trx) => {
      await repo.updateOperator(trx, principal.operatorId, { totp_secret: secret, totp_last_step: null });
      await audit.write(trx, {
        action: 'auth.totp_setup',
        objectType: 'operator',
        objectId: principal.operatorId,
        before: { totp_enabled: 0, pending: row.totp_secret !== null },
        after: { totp_enabled: 0, pending: true },
      });
    });
    return { secret, otpauth_url: totpUrl(secret, row.email) };
  }

  async enableTotp(principal: OperatorPrincipal, code: string, audit: AuditScope): Promise<OperatorProfile> {
    const row = await this.current(principal);
    if (row.totp_enabled === 1) throw AppError.rule('errors.admin_totp_already_on');
    if (!row.totp_secret) throw AppError.rule('errors.admin_totp_not_set_up');
    const step = await this.codeStep(row, code);
    if (step === null) throw AppError.rule('errors.admin_totp_invalid', { field: 'code' });
    const after = await this.deps.db.transaction().execute(async (trx) => {
      if (!(await repo.takeTotpStep(trx, principal.operatorId, step)))
        throw AppError.rule('errors.admin_totp_invalid', { field: 'code' });
      const updated = await repo.updateOperator(trx, principal.operatorId, { totp_enabled: 1 });
      if (!updated) throw AppError.sessionExpired();
      await audit.write(trx, {
        action: 'auth.totp_enable',
        objectType: 'operator',
        objectId: principal.operatorId,
        before: { totp_enabled: 0 },
        after: { totp_enabled: 1 },
      });
      return updated;
    });
    return this.profileOf(after);
  }

  async disableTotp(
    principal: OperatorPrincipal,
    input: { password: string; code: string },
    audit: AuditScope,
  ): Promise<OperatorProfile> {
    const row = await this.current(principal);
    if (row.totp_enabled !== 1 || !row.totp_secret) throw AppError.rule('errors.admin_totp_off');
    if (await totpRequired(this.deps.settings)) throw AppError.rule('errors.admin_totp_mandatory');
    if (!(await verifyPassword(row.password_hash, input.password)))
      throw AppError.rule('errors.admin_password_wrong', { field: 'password' });
    const step = await this.codeStep(row, input.code);
    if (step === null) throw AppError.rule('errors.admin_totp_invalid', { field: 'code' });
    const after = await this.deps.db.transaction().execute(async (trx) => {
      const updated = await repo.updateOperator(trx, principal.operatorId, {
        totp_enabled: 0,
        totp_secret: null,
        totp_last_step: null,
      });
      if (!updated) throw AppError.sessionExpired();
      await audit.write(trx, {
        action: 'auth.totp_disable',
        objectType: 'operator',
        objectId: principal.operatorId,
        before: { totp_enabled: 1 },
        after: { totp_enabled: 0 },
      });
      return updated;
    });
    return this.profileOf(after);
  }

  private async profileOf(row: OperatorRow): Promise<OperatorProfile> {
    return toProfile(row, await totpRequired(this.deps.settings));
  }

  private async current(principal: OperatorPrincipal): Promise<OperatorRow> {
    const row = await repo.findOperator(this.deps.db, principal.operatorId);
    if (!row || row.active !== 1) throw AppError.sessionExpired();
    return row;
  }

  /** The time step of a valid code of this operator's authenticator, not used before. */
  private codeStep(row: OperatorRow, code: string): Promise<number | null> {
    if (!row.totp_secret) return Promise.resolve(null);
    return checkTotp(
      row.totp_secret,
      code.trim(),
      this.deps.now(),
      row.totp_last_step === null ? null : Number(row.totp_last_step),
    );
  }

  private async checkCaptcha(input: OperatorLoginInput, ip: string, attempt: LoginAttempt): Promise<void> {
    if (!input.key || !input.captcha) {
      await attempt.withdraw();
      throw AppError.rule('errors.login_captcha_required').withData(CAPTCHA_REQUIRED);
    }
    try {
      await this.deps.captchas.verify(input.key, input.captcha);
    } catch (err) {
      await attempt.withdraw();
      if (!(err instanceof AppError)) throw err;
      await this.deps.throttle.hit(OPERATOR_LIMITS.loginIp, ip);
      throw err.withData(CAPTCHA_REQUIRED);
    }
  }
}
